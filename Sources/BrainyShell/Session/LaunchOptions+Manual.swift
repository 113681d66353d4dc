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
        options: [
            CommandLineOption("-c", placeholder: "<commands>", value: .text,
                              text: text("이 명령들(';'로 구분)을 실행하고 끝냅니다. 여러 번 줄 수 있습니다", "run these commands (separated by ';') and exit; may be repeated")),
            CommandLineOption("-f", placeholder: "<file>", value: .file,
                              text: text("이 파일('-'는 표준 입력)의 명령을 실행하고 끝냅니다. -c와 -f는 섞어 쓸 수 있고 준 순서대로 실행됩니다", "run the commands in this file ('-' for standard input) and exit; -c and -f mix and run in the order given")),
            CommandLineOption("-q", "--quiet", text: text("배너와 \"guest로 로그인했습니다\" 같은 안내를 쓰지 않습니다. 오류는 그대로 보입니다", "no banner and no notices such as \"Signed in as guest\"; errors are still printed")),
            CommandLineOption("-X", "--no-rc",
                              text: text("시작 파일($XDG_CONFIG_HOME/brainy/brainyrc 또는 ~/.config/brainy/brainyrc; 대화형 셸의 첫 프롬프트 전에 실행됨)을 실행하지 않습니다", "do not run the start-up file ($XDG_CONFIG_HOME/brainy/brainyrc, or ~/.config/brainy/brainyrc; it runs before the first prompt of an interactive shell)")),
            CommandLineOption("--db", placeholder: "<path>", value: .file,
                              text: text("SQLite 데이터베이스 (기본: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:'는 메모리 안의 데이터베이스로, 셸이 끝나면 사라집니다)", "the SQLite database (default: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:' for one in memory, gone when the shell ends)")),
            CommandLineOption("--server", placeholder: "<url>", value: .text,
                              text: text("동기화 서버 (예: http://127.0.0.1:8080; 'settings server'보다 우선)", "the sync server (e.g. http://127.0.0.1:8080; wins over 'settings server')")),
            CommandLineOption("--seed", placeholder: "<n>", value: .text, text: text("문제 선택과 보기 순서를 고정합니다", "fix question selection and option order")),
            CommandLineOption("--lang", value: .words(Language.allCases.map(\.rawValue)),
                              text: text("메시지 언어 (사용자 설정보다 우선)", "language of messages (overrides the user's setting)")),
            CommandLineOption("--no-color", text: text("색을 쓰지 않습니다 (NO_COLOR가 있을 때도)", "no colours (also when NO_COLOR is set)")),
            CommandLineOption("--format", value: .words(OutputFormat.allCases.map(\.rawValue)),
                              text: text("history, stats, state, profile, settings를 table, plain, json으로 보입니다. plain이나 json이면 그 데이터만 표준 출력으로, 나머지 줄은 표준 오류로 갑니다", "table, plain or json for history, stats, state, profile and settings; with plain or json only that data goes to standard output, every other line to standard error")),
            CommandLineOption("--audio-out", placeholder: "<dir>", value: .directory,
                              text: text("음성모드: 문제 음성(WAV)을 재생하지 않고 <dir>에 씁니다", "voice mode: write each question's speech (WAV) into <dir> instead of playing it")),
            CommandLineOption("--ai-url", placeholder: "<url>", value: .text,
                              text: text("AI모드: 이 OpenAI 호환 chat-completions 엔드포인트(Ollama, llama.cpp 서버, vLLM…)에 문제를 청합니다. 키는 BRAINY_AI_KEY나 OPENAI_API_KEY, 모델은 BRAINY_AI_MODEL. 실패하면 내장 지식 베이스를 씁니다", "AI mode: ask this OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM…) for questions; key from BRAINY_AI_KEY or OPENAI_API_KEY, model BRAINY_AI_MODEL; the bundled knowledge base when it fails")),
            CommandLineOption("--asr-url", placeholder: "<url>", value: .text,
                              text: text("말한 답을 OpenAI 호환 음성 인식 엔드포인트(예: 로컬 Whisper 서버)로 알아듣습니다. 키는 BRAINY_ASR_KEY나 OPENAI_API_KEY, 모델은 BRAINY_ASR_MODEL", "recognize spoken answers with an OpenAI-compatible transcription endpoint (a local Whisper server, say); key from BRAINY_ASR_KEY or OPENAI_API_KEY, model BRAINY_ASR_MODEL")),
            CommandLineOption("--qa", text: text("테스터 명령을 켭니다: clock, flags, config, reset, ads", "turn on the tester's commands: clock, flags, config, reset, ads")),
            CommandLineOption("--ads", value: .words(Switch.typedNames),
                              text: text("광고를 보입니다 (퀴즈 뒤, 힌트를 주는 보상형). 터미널에서는 기본으로 켜지고, 그 밖(파이프, -c, -f)에서는 꺼집니다", "show ads (after a quiz, rewarded ones for hints); on a terminal they are on by default, elsewhere (a pipe, -c, -f) off")),
            CommandLineOption("--clock", placeholder: "<time>", value: .text,
                              text: text("고정된 시계(예: 2026-01-01T09:00:00Z)로 시작합니다. 'clock advance'로만 움직입니다", "start on a fixed clock (e.g. 2026-01-01T09:00:00Z) moved only by 'clock advance'")),
            CommandLineOption("--check", placeholder: "<file>...", value: .file,
                              text: text("트랜스크립트를 새 데이터베이스에서 재생해 명령마다 출력을 비교합니다", "replay transcripts on new databases and compare each command's output")),
            CommandLineOption("--update", text: text("--check와 함께: 이번 실행의 출력으로 트랜스크립트를 다시 씁니다", "with --check: rewrite the transcripts with this run's output")),
            CommandLineOption("--coverage",
                              text: text("--check와 함께: 상태 기계의 어떤 전이를 거쳤는지, 어떤 전이는 아무도 거치지 않았는지 보입니다", "with --check: print which transitions of the state machine they took, and which none did")),
            CommandLineOption("--paths", placeholder: "<dir>", value: .directory,
                              text: text("상태 기계의 전이마다 가장 짧은 트랜스크립트 하나를 <dir>에 씁니다", "write one shortest transcript per transition of the state machine into <dir>")),
            CommandLineOption("--demo", placeholder: "<file>", value: .file,
                              text: text("청중 앞에서 데모 스크립트를 재생합니다 (고정된 시드와 시계, 명령을 타이핑해 보임)", "play a demo script for an audience (a fixed seed and clock, commands typed out)")),
            CommandLineOption("--step", text: text("--demo와 함께: 명령마다 Enter를 기다립니다", "with --demo: wait for Enter before each command")),
            CommandLineOption("--pace", placeholder: "<time>", value: .text,
                              text: text("--demo와 함께: 명령 사이의 멈춤 (기본 1.2s; 0이면 멈추지 않음)", "with --demo: the pause between commands (default 1.2s; 0 for none)")),
            CommandLineOption("--man", text: text("이 설명서를 'man brainy'로 설치되는 man 페이지(roff)로 출력합니다", "print this manual as a man page (roff), as installed for 'man brainy'")),
            CommandLineOption("--completion", value: .words(CompletionShell.typedNames),
                              text: text("bash, zsh, fish용 brainy 옵션 완성 스크립트를 출력합니다", "print the completion script of brainy's options for bash, zsh or fish")),
            CommandLineOption("-V", "--version", text: text("버전을 출력합니다", "print the version")),
            CommandLineOption("-h", "--help", text: text("이 도움말을 보입니다", "show this help")),
            CommandLineOption("--", text: text("옵션의 끝", "end of the options")),
        ],
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
