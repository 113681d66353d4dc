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

    public static let usage = """
        USAGE: brainy [options]

        The Brainy quiz shell: interactive on a terminal; with -c, -f or a pipe it runs commands without a prompt,
        '#' starts a comment, and the first error stops the run.

        OPTIONS:
          -c <commands>       run these commands (separated by ';') and exit; may be repeated
          -f <file>           run the commands in this file ('-' for standard input) and exit; -c and -f mix
                              and run in the order given
          -q, --quiet         no banner and no notices such as "Signed in as guest"; errors are still printed
          -X, --no-rc         do not run the start-up file ($XDG_CONFIG_HOME/brainy/brainyrc, or
                              ~/.config/brainy/brainyrc; it runs before the first prompt of an interactive shell)
          --db <path>         the SQLite database (default: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:' for
                              one in memory, gone when the shell ends)
          --server <url>      the sync server (e.g. http://127.0.0.1:8080; wins over 'settings server')
          --seed <n>          fix question selection and option order
          --lang <ko|en>      language of messages (overrides the user's setting)
          --no-color          no colours (also when NO_COLOR is set)
          --format <f>        table, plain or json for history, stats, state, profile and settings; with plain or
                              json only that data goes to standard output, every other line to standard error
          --audio-out <dir>   voice mode: write each question's speech (WAV) into <dir> instead of playing it
          --ai-url <url>      AI mode: ask this OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's
                              server, vLLM…) for questions; key from BRAINY_AI_KEY or OPENAI_API_KEY, model
                              BRAINY_AI_MODEL; the bundled knowledge base when it fails
          --asr-url <url>     recognize spoken answers with an OpenAI-compatible transcription endpoint (a local
                              Whisper server, say); key from BRAINY_ASR_KEY or OPENAI_API_KEY, model BRAINY_ASR_MODEL
          --qa                turn on the tester's commands: clock, flags, config, reset, ads
          --ads on|off        show ads (after a quiz, rewarded ones for hints); on a terminal they are on by
                              default, elsewhere (a pipe, -c, -f) off
          --clock <time>      start on a fixed clock (e.g. 2026-01-01T09:00:00Z) moved only by 'clock advance'
          --check <file>...   replay transcripts on new databases and compare each command's output
          --update            with --check: rewrite the transcripts with this run's output
          --coverage          with --check: print which transitions of the state machine they took, and which none did
          --paths <dir>       write one shortest transcript per transition of the state machine into <dir>
          --demo <file>       play a demo script for an audience (a fixed seed and clock, commands typed out)
          --step              with --demo: wait for Enter before each command
          --pace <time>       with --demo: the pause between commands (default 1.2s; 0 for none)
          -V, --version       print the version
          -h, --help          show this help
          --                  end of the options

        ENVIRONMENT: BRAINY_SERVER_TIMEOUT seconds one request to the server may take (default 15);
        BRAINY_SYNC_BATCH results per upload request (default 1000); BRAINY_HISTFILE the line editor's history
        file (default: history in the data folder); BRAINY_HISTSIZE lines it keeps (default 1000); NO_COLOR; PAGER.
        The line editor reads ~/.editrc (or $EDITRC): 'bind -v' there gives vi keys. A line typed with a leading
        space is not kept in the history. Ctrl-L clears the screen. Inside the shell, 'source FILE' runs a file's
        commands and '\\h' (or '\\?') is help.

        EXIT CODES: 0 all commands succeeded, 1 a command failed, 2 bad options or an unreadable script,
        3 the database cannot be used.
        """

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
