import BrainyCommandLine
import BrainyKit
import Foundation

extension LaunchOptions {
    /// Every flag of `brainy`, in the order the manual shows them: the one list the parser and the manual read.
    static let flags: [LaunchFlag] = [
        LaunchFlag("-c", placeholder: "<commands>", value: .text,
                   help: Localized(ko: "이 명령들(';'로 구분)을 실행하고 끝냅니다. 여러 번 줄 수 있습니다", en: "run these commands (separated by ';') and exit; may be repeated")) { options, text, _ in
            options.scripts.append(.commands(text))
        },
        LaunchFlag("-f", placeholder: "<file>", value: .file,
                   help: Localized(ko: "이 파일('-'는 표준 입력)의 명령을 실행하고 끝냅니다. -c와 -f는 섞어 쓸 수 있고 준 순서대로 실행됩니다", en: "run the commands in this file ('-' for standard input) and exit; -c and -f mix and run in the order given")) { options, file, language throws(UsageError) in
            options.scripts.append(.file(try path(file, of: "-f", in: language)))
        },
        LaunchFlag("-q", "--quiet",
                   help: Localized(ko: "배너와 \"guest로 로그인했습니다\" 같은 안내를 쓰지 않습니다. 오류는 그대로 보입니다", en: "no banner and no notices such as \"Signed in as guest\"; errors are still printed")) {
            $0.quiet = true
        },
        LaunchFlag("-X", "--no-rc",
                   help: Localized(ko: "시작 파일($XDG_CONFIG_HOME/brainy/brainyrc 또는 ~/.config/brainy/brainyrc; 대화형 셸의 첫 프롬프트 전에 실행됨)을 실행하지 않습니다", en: "do not run the start-up file ($XDG_CONFIG_HOME/brainy/brainyrc, or ~/.config/brainy/brainyrc; it runs before the first prompt of an interactive shell)")) {
            $0.skipStartupFile = true
        },
        LaunchFlag("--db", placeholder: "<path>", value: .file,
                   help: Localized(ko: "SQLite 데이터베이스 (기본: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:'는 메모리 안의 데이터베이스로, 셸이 끝나면 사라집니다)", en: "the SQLite database (default: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:' for one in memory, gone when the shell ends)")) { options, text, language throws(UsageError) in
            options.databasePath = try path(text, of: "--db", in: language)
        },
        LaunchFlag("--server", placeholder: "<url>", value: .text,
                   help: Localized(ko: "동기화 서버 (예: http://127.0.0.1:8080; 'settings server'보다 우선)", en: "the sync server (e.g. http://127.0.0.1:8080; wins over 'settings server')")) { options, url, _ in
            options.serverURL = url
        },
        LaunchFlag("--seed", placeholder: "<n>", value: .text,
                   help: Localized(ko: "문제 선택과 보기 순서를 고정합니다", en: "fix question selection and option order")) { options, text, language throws(UsageError) in
            guard let seed = UInt64(text) else {
                throw .takes("--seed", ko: "0에서 \(UInt64.max) 사이의 정수(예: 42)를",
                             en: "a whole number from 0 to \(UInt64.max) (like 42)", not: text, in: language)
            }
            options.seed = seed
        },
        LaunchFlag("--lang", value: .words(Language.allCases.map { $0.rawValue }),
                   help: Localized(ko: "메시지 언어 (사용자 설정보다 우선)", en: "language of messages (overrides the user's setting)")) { options, text, language throws(UsageError) in
            guard let chosen = Language(parsing: text) else { throw .takes("--lang", ko: "ko 또는 en을", en: "ko or en", not: text, in: language) }
            options.language = chosen
        },
        LaunchFlag("--no-color", hiddenNames: ["--no-colour"],
                   help: Localized(ko: "색을 쓰지 않습니다 (NO_COLOR가 있을 때도)", en: "no colours (also when NO_COLOR is set)")) {
            $0.noColor = true
        },
        LaunchFlag("--format", value: .words(OutputFormat.allCases.map { $0.rawValue }),
                   help: Localized(ko: "history, stats, state, profile, settings를 table, plain, json으로 보입니다. plain이나 json이면 그 데이터만 표준 출력으로, 나머지 줄은 표준 오류로 갑니다", en: "table, plain or json for history, stats, state, profile and settings; with plain or json only that data goes to standard output, every other line to standard error")) { options, text, language throws(UsageError) in
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw .takes("--format", ko: "table, plain, json 중 하나를", en: "table, plain or json", not: text, in: language)
            }
            options.format = format
        },
        LaunchFlag("--audio-out", placeholder: "<dir>", value: .directory,
                   help: Localized(ko: "음성모드: 문제 음성(WAV)을 재생하지 않고 <dir>에 씁니다", en: "voice mode: write each question's speech (WAV) into <dir> instead of playing it")) { options, folder, language throws(UsageError) in
            options.audioOut = try path(folder, of: "--audio-out", in: language)
        },
        LaunchFlag("--ai-url", placeholder: "<url>", value: .text,
                   help: Localized(ko: "AI모드: 이 OpenAI 호환 chat-completions 엔드포인트(Ollama, llama.cpp 서버, vLLM…)에 문제를 청합니다. 키는 BRAINY_AI_KEY나 OPENAI_API_KEY, 모델은 BRAINY_AI_MODEL. 실패하면 내장 지식 베이스를 씁니다", en: "AI mode: ask this OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM…) for questions; key from BRAINY_AI_KEY or OPENAI_API_KEY, model BRAINY_AI_MODEL; the bundled knowledge base when it fails")) { options, text, language throws(UsageError) in
            guard ServerAddress.isValid(text) else {
                throw .takes("--ai-url", ko: "http://127.0.0.1:11434/v1 같은 주소를", en: "an address like http://127.0.0.1:11434/v1", not: text, in: language)
            }
            options.aiURL = text
        },
        LaunchFlag("--asr-url", placeholder: "<url>", value: .text,
                   help: Localized(ko: "말한 답을 OpenAI 호환 음성 인식 엔드포인트(예: 로컬 Whisper 서버)로 알아듣습니다. 키는 BRAINY_ASR_KEY나 OPENAI_API_KEY, 모델은 BRAINY_ASR_MODEL", en: "recognize spoken answers with an OpenAI-compatible transcription endpoint (a local Whisper server, say); key from BRAINY_ASR_KEY or OPENAI_API_KEY, model BRAINY_ASR_MODEL")) { options, text, language throws(UsageError) in
            guard ServerAddress.isValid(text) else {
                throw .takes("--asr-url", ko: "http://127.0.0.1:8000/v1 같은 주소를", en: "an address like http://127.0.0.1:8000/v1", not: text, in: language)
            }
            options.asrURL = text
        },
        LaunchFlag("--qa", help: Localized(ko: "테스터 명령을 켭니다: clock, flags, config, reset, ai, ads", en: "turn on the tester's commands: clock, flags, config, reset, ai, ads")) {
            $0.qa = true
        },
        LaunchFlag("--ads", value: .words(Switch.typedNames),
                   help: Localized(ko: "광고를 보입니다 (퀴즈 뒤, 힌트를 주는 보상형). 터미널에서는 기본으로 켜지고, 그 밖(파이프, -c, -f)에서는 꺼집니다", en: "show ads (after a quiz, rewarded ones for hints); on a terminal they are on by default, elsewhere (a pipe, -c, -f) off")) { options, text, language throws(UsageError) in
            guard let value = Switch(parsing: text) else { throw .takes("--ads", ko: "on 또는 off를", en: "on or off", not: text, in: language) }
            options.ads = value.isOn
        },
        LaunchFlag("--remember-sign-in", value: .words(Switch.typedNames),
                   help: Localized(ko: "이 컴퓨터가 계정 로그인을 유지할지 정합니다. 주지 않으면 터미널에서는 로그인할 때마다 묻고, 그 밖(파이프, -c, -f)에서는 유지합니다. off면 토큰을 메모리에만 두고 끝날 때 로그아웃합니다", en: "whether this computer keeps an account's sign-in; without it a terminal asks at each sign-in and elsewhere (a pipe, -c, -f) it is kept; off keeps the tokens in memory only and signs out at the end")) { options, text, language throws(UsageError) in
            guard let value = Switch(parsing: text) else { throw .takes("--remember-sign-in", ko: "on 또는 off를", en: "on or off", not: text, in: language) }
            options.rememberSignIn = value.isOn
        },
        LaunchFlag("--clock", placeholder: "<time>", value: .text,
                   help: Localized(ko: "고정된 시계(예: 2026-01-01T09:00:00Z)로 시작합니다. 'clock advance'로만 움직입니다", en: "start on a fixed clock (e.g. 2026-01-01T09:00:00Z) moved only by 'clock advance'")) { options, text, language throws(UsageError) in
            guard let date = ISO8601DateFormatter().date(from: text), ClockRange.dates.contains(date) else {
                throw .takes("--clock", ko: "\(ClockRange.firstText)에서 \(ClockRange.lastText) 사이의 시각(예: 2026-01-01T09:00:00Z)을",
                             en: "a time from \(ClockRange.firstText) to \(ClockRange.lastText) (like 2026-01-01T09:00:00Z)",
                             not: text, in: language)
            }
            options.clock = date
        },
        LaunchFlag("--check", placeholder: "<file>...", value: .file,
                   help: Localized(ko: "트랜스크립트를 새 데이터베이스에서 재생해 명령마다 출력을 비교합니다", en: "replay transcripts on new databases and compare each command's output"),
                   effect: .check),
        LaunchFlag("--update", help: Localized(ko: "--check와 함께: 이번 실행의 출력으로 트랜스크립트를 다시 씁니다", en: "with --check: rewrite the transcripts with this run's output")) {
            $0.update = true
        },
        LaunchFlag("--coverage", help: Localized(ko: "--check와 함께: 상태 기계의 어떤 전이를 거쳤는지, 어떤 전이는 아무도 거치지 않았는지 보입니다", en: "with --check: print which transitions of the state machine they took, and which none did")) {
            $0.coverage = true
        },
        LaunchFlag("--paths", placeholder: "<dir>", value: .directory,
                   help: Localized(ko: "상태 기계의 전이마다 가장 짧은 트랜스크립트 하나를 <dir>에 씁니다", en: "write one shortest transcript per transition of the state machine into <dir>")) { options, folder, language throws(UsageError) in
            options.pathsFolder = try path(folder, of: "--paths", in: language)
        },
        LaunchFlag("--demo", placeholder: "<file>", value: .file,
                   help: Localized(ko: "청중 앞에서 데모 스크립트를 재생합니다 (고정된 시드와 시계, 명령을 타이핑해 보임)", en: "play a demo script for an audience (a fixed seed and clock, commands typed out)")) { options, file, language throws(UsageError) in
            options.demoFile = try path(file, of: "--demo", in: language)
        },
        LaunchFlag("--step", help: Localized(ko: "--demo와 함께: 명령마다 Enter를 기다립니다", en: "with --demo: wait for Enter before each command")) {
            $0.step = true
        },
        LaunchFlag("--pace", placeholder: "<time>", value: .text,
                   help: Localized(ko: "--demo와 함께: 명령 사이의 멈춤 (기본 1.2s; 0이면 멈추지 않음)", en: "with --demo: the pause between commands (default 1.2s; 0 for none)")) { options, text, language throws(UsageError) in
            guard let pace = PaceText.seconds(text), pace >= 0 else {
                let longest = Int(PaceText.longest)
                throw .takes("--pace", ko: "0에서 \(longest)초 사이의 시간(예: 1.5s, 800ms, 멈추지 않으려면 0)을",
                             en: "a time from 0 to \(longest) seconds (like 1.5s or 800ms; 0 for none)", not: text, in: language)
            }
            options.pace = pace
        },
        LaunchFlag("--man", help: Localized(ko: "이 설명서를 'man brainy'로 설치되는 man 페이지(roff)로 출력합니다", en: "print this manual as a man page (roff), as installed for 'man brainy'")) {
            $0.showManual = true
        },
        LaunchFlag("--completion", value: .words(CompletionShell.typedNames),
                   help: Localized(ko: "bash, zsh, fish용 brainy 옵션 완성 스크립트를 출력합니다", en: "print the completion script of brainy's options for bash, zsh or fish")) { options, text, language throws(UsageError) in
            guard let shell = CompletionShell(rawValue: text) else {
                throw .takes("--completion", ko: "bash, zsh, fish 중 하나를", en: "bash, zsh or fish", not: text, in: language)
            }
            options.completionShell = shell
        },
        LaunchFlag("-V", "--version", help: Localized(ko: "버전을 출력합니다", en: "print the version")) {
            $0.showVersion = true
        },
        LaunchFlag("-h", "--help", help: Localized(ko: "이 도움말을 보입니다", en: "show this help")) {
            $0.showHelp = true
        },
        LaunchFlag("--", help: Localized(ko: "옵션의 끝", en: "end of the options"), effect: .endOfOptions),
    ]

    /// A file's or folder's path, which an empty value is not (`--db ""` would reach SQLite as no name at all).
    private static func path(_ text: String, of flag: String, in language: Language) throws(UsageError) -> String {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw .takes(flag, ko: "파일이나 폴더의 경로를", en: "a file's or folder's path", not: text, in: language)
        }
        return text
    }

    /// The flag `name` names, shown or not.
    static func flag(named name: String) -> LaunchFlag? { flags.first { $0.answers(to: name) } }
}
