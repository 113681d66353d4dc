import BrainyCommandLine
import BrainyKit
import Foundation

/// The command line of `brainy`. Its flags are declared once, in `LaunchOptions.flags` (names, value, help, effect),
/// which this parser and the manual both read; not through a reflection-based parser, which cost a fifth of the
/// start-up time.
public struct LaunchOptions: Equatable, Sendable {
    /// What `-c` and `-f` asked for, in the order given: `-c a -f x -c b` runs a, then x's lines, then b.
    public var scripts: [Script] = []
    public var databasePath: String?
    public var serverURL: String?
    public var seed: UInt64?
    public var language: Language?
    public var noColor = false
    public var format: OutputFormat?
    /// `--check FILE…`: replay transcripts and compare; with `--update`, rewrite them; with `--coverage`, say which
    /// transitions of the table they took.
    public var checkFiles: [String] = []
    public var update = false
    public var coverage = false
    /// `--audio-out DIR`: write each question's speech there instead of playing it.
    public var audioOut: String?
    /// `--asr-url URL`: spoken answers recognized by an OpenAI-compatible transcription endpoint.
    public var asrURL: String?
    /// `--ai-url URL`: AI mode asks this language model for questions.
    public var aiURL: String?
    /// `--paths DIR`: write one transcript per transition of the table.
    public var pathsFolder: String?
    /// `--demo FILE`: play a demo script; `--step` waits for Enter before each command; `--pace` sets the pause.
    public var demoFile: String?
    public var step = false
    public var pace: Double = 1.2
    /// `--qa`: the tester's commands.
    public var qa = false
    /// `--ads on|off`: show ads (nil: on a terminal only).
    public var ads: Bool?
    /// `--remember-sign-in on|off`: whether this computer keeps an account's sign-in (nil: asked at a terminal, kept
    /// elsewhere).
    public var rememberSignIn: Bool?
    /// `--clock`: a fixed start time; the clock then moves only by `clock advance`.
    public var clock: Date?
    public var showHelp = false
    public var showVersion = false
    /// `--man`: print the manual as a man page.
    public var showManual = false
    /// `--completion bash|zsh|fish`: print that shell's completion script.
    public var completionShell: CompletionShell?
    /// `-q`: no banner and no notices ("Signed in as guest"); errors are still printed.
    public var quiet = false
    /// `-X`: the start-up file (`$XDG_CONFIG_HOME/brainy/brainyrc`) is not run.
    public var skipStartupFile = false

    public init() {}

    /// One `-c` or `-f`.
    public enum Script: Equatable, Sendable {
        /// `-c "a; b"`.
        case commands(String)
        /// `-f FILE`; `-f -` is standard input.
        case file(String)
    }

    /// What a bad command line gets told, in the run's language (`--lang`, else the shell's Korean), as every other
    /// message of the run: `--bogus` and `-f /nonexistent` answer in the same language.
    public struct UsageError: Error, Equatable, Sendable {
        public var text: Localized
        public var language: Language

        public var message: String { text[language] }
    }

    /// The language `--lang` chooses on this command line (the last valid one), read before anything else is parsed
    /// so that even an error before it speaks it.
    public static func language(in arguments: [String]) -> Language? {
        var chosen: Language?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--lang", index + 1 < arguments.count {
                chosen = Language(parsing: arguments[index + 1]) ?? chosen
                index += 1
            } else if argument.hasPrefix("--lang=") {
                chosen = Language(parsing: String(argument.dropFirst("--lang=".count))) ?? chosen
            }
            index += 1
        }
        return chosen
    }

    /// What `--help` prints: rendered from `manual`, like the man page and the completion scripts.
    /// On a terminal narrower than the help's 112 columns, wrapped to the terminal between words.
    public static var usage: String { usage(in: .en) }

    /// `--help` in the run's language (`--lang`, else the shell's Korean), as every other message of the run.
    public static func usage(in language: Language) -> String {
        let manual = language == .en ? manual : manual(in: language)
        guard Platform.isTerminal(.output) else { return manual.helpText(width: 112, measure: \.displayWidth) }
        return manual.helpText(width: min(112, max(40, Platform.terminalColumns())), measure: \.displayWidth)
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        let language = Self.language(in: arguments) ?? .ko
        func refusal(ko: String, en: String) -> UsageError {
            UsageError(text: Localized(ko: ko, en: en), language: language)
        }
        var options = LaunchOptions()
        var scanner = FlagScanner(arguments)
        var checking = false
        var ended = false
        while let current = scanner.next() {
            if ended {
                // After `--` nothing is a flag: only transcripts of --check may follow.
                guard checking else {
                    throw refusal(ko: "필요 없는 인자입니다: '\(current.argument)'. 'brainy --help'를 보세요.",
                                  en: "Unexpected argument '\(current.argument)'. See 'brainy --help'.")
                }
                options.checkFiles.append(current.argument)
                continue
            }
            guard let flag = Self.flag(named: current.name) else {
                // `--check --coverage a b`: the files may follow other flags.
                guard checking, !current.name.hasPrefix("-") else {
                    throw refusal(ko: "알 수 없는 옵션입니다: '\(current.argument)'. 'brainy --help'를 보세요.",
                                  en: "Unknown option '\(current.argument)'. See 'brainy --help'.")
                }
                options.checkFiles.append(current.name)
                continue
            }
            switch flag.effect {
            case let .set(apply):
                apply(&options)
            case let .value(apply):
                guard let value = scanner.value(of: current) else {
                    throw refusal(ko: "\(current.name) 뒤에 값이 필요합니다. 'brainy --help'를 보세요.",
                                  en: "\(current.name) needs a value.")
                }
                try apply(&options, value, language)
            case .check:
                if let inline = current.inline { options.checkFiles.append(inline) }
                checking = true
            case .endOfOptions:
                ended = true
            }
        }
        if checking && options.checkFiles.isEmpty {
            throw refusal(ko: "--check 뒤에 트랜스크립트 파일을 하나 이상 주세요.", en: "--check needs one or more transcript files.")
        }
        if (options.update || options.coverage) && !checking {
            let flag = options.update ? "--update" : "--coverage"
            throw refusal(ko: "\(Josa.attach(flag, .topic)) --check FILE과 함께 씁니다.", en: "\(flag) goes with --check FILE.")
        }
        if options.scripts.filter({ $0 == .file("-") }).count > 1 {
            throw refusal(ko: "-f -는 표준 입력을 읽는데, 표준 입력은 한 번만 읽을 수 있습니다.",
                          en: "-f - reads standard input, which can be read only once.")
        }
        return options
    }
}
