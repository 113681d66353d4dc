import BrainyKit
import Foundation

/// The command line of `brainy`. Parsed by hand: a reflection-based parser cost a fifth of the start-up time, and
/// these few flags need no more than this.
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

    /// What a bad command line gets told.
    public struct UsageError: Error, Equatable, Sendable {
        public var message: String
    }

    /// What `--help` prints: rendered from `manual`, like the man page and the completion scripts.
    public static var usage: String { manual.helpText }

    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        var scanner = FlagScanner(arguments)
        var checking = false
        var ended = false
        while let current = scanner.next() {
            if ended {
                // After `--` nothing is a flag: only transcripts of --check may follow.
                guard checking else { throw UsageError(message: "Unexpected argument '\(current.argument)'. See 'brainy --help'.") }
                options.checkFiles.append(current.argument)
                continue
            }
            let flag = current.name
            func value(for flag: String) throws(UsageError) -> String {
                guard let value = scanner.value(of: current) else { throw UsageError(message: "\(flag) needs a value.") }
                return value
            }
            let argument = current.argument
            switch flag {
            case "-c": options.scripts.append(.commands(try value(for: flag)))
            case "-f": options.scripts.append(.file(try value(for: flag)))
            case "-q", "--quiet": options.quiet = true
            case "-X", "--no-rc": options.skipStartupFile = true
            case "--": ended = true
            case "--db": options.databasePath = try value(for: flag)
            case "--server": options.serverURL = try value(for: flag)
            case "--seed":
                let text = try value(for: flag)
                guard let seed = UInt64(text) else { throw UsageError(message: "--seed takes a whole number, not '\(text)'.") }
                options.seed = seed
            case "--lang":
                let text = try value(for: flag)
                guard let language = Language(parsing: text) else {
                    throw UsageError(message: "--lang takes ko or en, not '\(text)'.")
                }
                options.language = language
            case "--no-color", "--no-colour": options.noColor = true
            case "--format":
                let text = try value(for: flag)
                guard let format = OutputFormat(rawValue: text.lowercased()) else {
                    throw UsageError(message: "--format takes table, plain or json, not '\(text)'.")
                }
                options.format = format
            case "--qa": options.qa = true
            case "--ads":
                let text = try value(for: flag)
                guard let value = Switch(parsing: text) else {
                    throw UsageError(message: "--ads takes on or off, not '\(text)'.")
                }
                options.ads = value.isOn
            case "--clock":
                let text = try value(for: flag)
                guard let date = ISO8601DateFormatter().date(from: text) else {
                    throw UsageError(message: "--clock takes a time like 2026-01-01T09:00:00Z, not '\(text)'.")
                }
                options.clock = date
            case "--check":
                // `--check --coverage a b`: the files may follow other flags.
                if let inline = current.inline { options.checkFiles.append(inline) }
                checking = true
            case "--update": options.update = true
            case "--coverage": options.coverage = true
            case "--paths": options.pathsFolder = try value(for: flag)
            case "--audio-out": options.audioOut = try value(for: flag)
            case "--ai-url":
                let text = try value(for: flag)
                guard ServerAddress.isValid(text) else {
                    throw UsageError(message: "--ai-url takes an address like http://127.0.0.1:11434/v1, not '\(text)'.")
                }
                options.aiURL = text
            case "--asr-url":
                let text = try value(for: flag)
                guard ServerAddress.isValid(text) else {
                    throw UsageError(message: "--asr-url takes an address like http://127.0.0.1:8000/v1, not '\(text)'.")
                }
                options.asrURL = text
            case "--demo": options.demoFile = try value(for: flag)
            case "--step": options.step = true
            case "--pace":
                let text = try value(for: flag)
                guard let pace = PaceText.seconds(text), pace >= 0 else {
                    throw UsageError(message: "--pace takes a time like 1.5s or 800ms, not '\(text)'.")
                }
                options.pace = pace
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--man": options.showManual = true
            case "--completion":
                let text = try value(for: flag)
                guard let shell = CompletionShell(rawValue: text) else {
                    throw UsageError(message: "--completion takes bash, zsh or fish, not '\(text)'.")
                }
                options.completionShell = shell
            case let file where checking && !file.hasPrefix("-"):
                options.checkFiles.append(file)
            default:
                throw UsageError(message: "Unknown option '\(argument)'. See 'brainy --help'.")
            }
        }
        if checking && options.checkFiles.isEmpty {
            throw UsageError(message: "--check needs one or more transcript files.")
        }
        if (options.update || options.coverage) && !checking {
            throw UsageError(message: "\(options.update ? "--update" : "--coverage") goes with --check FILE.")
        }
        if options.scripts.filter({ $0 == .file("-") }).count > 1 {
            throw UsageError(message: "-f - reads standard input, which can be read only once.")
        }
        return options
    }
}
