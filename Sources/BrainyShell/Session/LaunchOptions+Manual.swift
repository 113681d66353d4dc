import BrainyCommandLine
import BrainyKit

extension LaunchOptions {
    /// What `brainy --help` says, and `man brainy` and the completion scripts with it (`--man`, `--completion`):
    /// in English, as a man page is installed.
    public static let manual = manual(in: .en)

    /// The manual in `language`: `--help` speaks the run's language, as every other message of it.
    public static func manual(in language: Language) -> CommandLineManual {
        func text(_ ko: String, _ en: String) -> String { language == .ko ? ko : en }
        return CommandLineManual(
        name: "brainy",
        summary: text("Brainy 퀴즈 셸", "the Brainy quiz shell"),
        description: [
            text("Brainy 퀴즈 셸: 터미널에서는 대화형으로, -c, -f나 파이프로는 프롬프트 없이 명령을 실행합니다. '#'은 주석을 시작하고, 첫 오류에서 실행이 멈춥니다.", "The Brainy quiz shell: interactive on a terminal; with -c, -f or a pipe it runs commands without a prompt, '#' starts a comment, and the first error stops the run."),
        ],
        options: flags.map { $0.option(in: language) },
        // The shell's own commands, from the registry (the one list of them): `man brainy` lists them all.
        commands: CommandRegistry.commands.map { command in
            let aliases = command.aliases.isEmpty ? "" : text(" (다른 이름: ", " (also ") + command.aliases.joined(separator: ", ") + ")"
            return CommandLineManual.Command(usage: command.usage, text: command.summary[language] + aliases)
        },
        sections: [
            .init(text("환경 변수", "ENVIRONMENT"), text("BRAINY_SERVER_TIMEOUT 서버에 보낸 요청 하나를 기다리는 초 (0.1에서 3600, 기본 15); BRAINY_SYNC_BATCH 업로드 요청 하나에 담는 결과 수 (기본 1000); BRAINY_HISTFILE 줄 편집기의 기록 파일 (기본: 데이터 폴더의 history); BRAINY_HISTSIZE 기록에 남기는 줄 수 (기본 1000); BRAINY_RESOURCES 문제 팩과 기본 설정이 있는 폴더 (기본: 실행 파일 옆의 ../share/brainy); NO_COLOR; PAGER. 줄 편집기는 ~/.editrc(또는 $EDITRC)를 읽습니다: 거기에 'bind -v'를 쓰면 vi 키가 됩니다. 앞에 공백을 두고 입력한 줄은 기록에 남지 않습니다. Ctrl-L은 화면을 지웁니다. 셸 안에서 'source FILE'은 파일의 명령을 실행하고 '\\h'(또는 '\\?')는 도움말입니다.", "BRAINY_SERVER_TIMEOUT seconds one request to the server may take (0.1 to 3600, default 15); BRAINY_SYNC_BATCH results per upload request (default 1000); BRAINY_HISTFILE the line editor's history file (default: history in the data folder); BRAINY_HISTSIZE lines it keeps (default 1000); BRAINY_RESOURCES the folder of the question pack and default config (default: ../share/brainy beside the executable); NO_COLOR; PAGER. The line editor reads ~/.editrc (or $EDITRC): 'bind -v' there gives vi keys. A line typed with a leading space is not kept in the history. Ctrl-L clears the screen. Inside the shell, 'source FILE' runs a file's commands and '\\h' (or '\\?') is help.")),
            .init(text("파일", "FILES"), text("$XDG_DATA_HOME/brainy/ (또는 ~/.local/share/brainy/): 데이터베이스 brainy.sqlite와 history. $XDG_CONFIG_HOME/brainy/brainyrc (또는 ~/.config/brainy/brainyrc): 시작 파일. PREFIX/share/brainy/: 내장 문제 팩, 기본 설정, 지식 베이스 (실행 파일의 폴더 PREFIX/bin에서 찾습니다).", "$XDG_DATA_HOME/brainy/ (or ~/.local/share/brainy/): brainy.sqlite, the database, and history. $XDG_CONFIG_HOME/brainy/brainyrc (or ~/.config/brainy/brainyrc): the start-up file. PREFIX/share/brainy/: the bundled question pack, default config and knowledge base, found from the executable's folder (PREFIX/bin).")),
            .init(text("종료 코드", "EXIT CODES"), text("0 모든 명령이 성공, 1 명령이 실패, 2 잘못된 옵션이나 읽을 수 없는 스크립트, 3 데이터베이스를 쓸 수 없거나 내장 자원을 찾을 수 없음.", "0 all commands succeeded, 1 a command failed, 2 bad options or an unreadable script, 3 the database cannot be used or the bundled resources cannot be found.")),
        ],
        headings: language == .ko ? .init(usage: "사용법", options: "옵션", commands: "명령") : .english,
        version: BrainyVersion.current
        )
    }
}
