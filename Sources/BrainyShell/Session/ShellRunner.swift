import BrainyKit
import Foundation

/// The read–run loop. On a terminal errors are printed and the shell goes on; in a script or pipe the first error
/// stops the run with a message on standard error and a non-zero exit code.
public struct ShellRunner {
    public static let version = BrainyVersion.current

    let session: ShellSession
    let reader: LineReader
    /// Where to append each command's duration (for the benchmark): `BRAINY_TIMING_LOG`.
    let timingLog: CommandTimingLog?

    public init(session: ShellSession, reader: LineReader, timingLog: CommandTimingLog? = nil) {
        self.session = session
        self.reader = reader
        self.timingLog = timingLog
    }

    /// Runs until `exit`, the end of input, or (not on a terminal) the first error. Returns the exit code.
    public func run() -> Int32 {
        let console = session.console
        // The session is restored first (quietly), so that the banner speaks the signed-in user's language.
        console.hold()
        do {
            try session.restoreSession()
        } catch {
            console.error(console.text(session.message(for: error)))
            if !reader.isInteractive { console.release(); return Self.exitCode(for: error) }
        }
        let notices = console.takeHeld()
        // However the run ends (exit, the end of input, a script's error), a sign-in not to be kept goes with it.
        defer { session.forgetSignInsNotRemembered() }
        if reader.isInteractive { banner() }
        console.write(notices)
        if reader.isInteractive, let file = session.options.startupFile, runStartupFile(file) { return 0 }
        if reader.isInteractive && session.flow.user == nil {
            console.notice(console.paint(console.text(Localized(
                ko: "먼저 로그인하세요: login guest · login email · register", en: "Sign in first: login guest · login email · register")), \.muted))
        }
        // With a server configured, the pack's version is asked in the background; what it found is said at a
        // prompt. Scripts and pipes never wait for it, nor print it after their last command: they do not ask.
        let packCheck = reader.isInteractive ? StartupPackCheck.start(in: session) : nil
        defer { packCheck?.cancel() }
        var lineNumber = 0
        while true {
            packCheck?.announceIfReady()
            // A Ctrl-C belongs to the command it was pressed in. Forgotten before the line is read rather than once
            // its command starts: while libedit reads, Ctrl-C is a key, not a signal, so from here to Enter nothing
            // is noted, and one pressed between Enter and the start of a wait still cancels that wait.
            Platform.forgetInterrupts()
            // At a terminal the prompt counts down an open question's time, and the line ends when it runs out.
            let input = reader.readLine(prompt: session.prompt, ticker: { [session] in session.promptTick() })
            lineNumber = max(lineNumber + 1, reader.linesConsumed)
            switch input {
            case .end:
                if reader.isInteractive { console.line() }
                // Ended by SIGHUP or SIGTERM: the run's end (the `defer` above) still runs, and says why it ended.
                if let signal = Platform.terminationSignal { return 128 + signal }
                return 0
            case .cancelled:
                session.closeQuestionIfTimeRanOut()
                continue
            case let .line(raw):
                // A line past the limit (a paste gone wrong) is refused before anything reads it: splitting it,
                // suggesting a command for it, keeping it in the history would each cost time and memory.
                guard raw.utf8.count <= Self.lineLimit else {
                    let message = console.text(session.message(for: ShellError.lineTooLong(limit: Self.lineLimit)))
                    if reader.isInteractive {
                        console.error(message)
                        continue
                    }
                    console.error("brainy: " + Localized(ko: "\(lineNumber)번째 줄", en: "line \(lineNumber)")[console.language]
                                  + ": " + message)
                    return 1
                }
                let line = reader.isInteractive ? raw : CommandLineSplitter.strippingComment(raw)
                guard !line.trimmingBlanks.isEmpty else { continue }
                // A line that was no command is not kept: it may be a password typed at the wrong moment. Nor is
                // one typed with a leading space, as bash's ignorespace and psql do, nor one that may hold a
                // secret (`login hunter2`, a URL with a password: SecretWords).
                var keep = !raw.hasPrefix(" ") && !SecretWords.mayHoldSecret(line)
                // Nor one whose sign-in this computer was not to keep: the history file would keep who signed in.
                let declinesBefore = session.remembering.declineCount
                defer {
                    if reader.isInteractive && keep && session.remembering.declineCount == declinesBefore {
                        reader.remember(raw)
                    }
                }
                let commands = CommandLineSplitter.commands(line)
                for (position, command) in commands.enumerated() {
                    if position > 0 { Platform.forgetInterrupts() }  // the line's first command: before it was read
                    let recording = session.isRecording && !Self.isRecordCommand(command)
                    if recording { console.beginSegment() }
                    defer { if recording { session.record(command: command, output: console.endSegment()) } }
                    do {
                        let started = ContinuousClock.now
                        let outcome = try session.execute(command)
                        let elapsed = ContinuousClock.now - started
                        timingLog?.record(command, elapsed)
                        if session.timingEnabled { showTiming(elapsed) }
                        if outcome == .exit { return 0 }
                    } catch {
                        let message = console.text(session.message(for: error))
                        if case ShellError.unknownCommand = error { keep = false }
                        if case ShellError.tooManyArguments = error { keep = false }
                        if reader.isInteractive {
                            console.error(message)
                        } else {
                            let place = commands.count > 1
                                ? Localized(ko: "\(lineNumber)번째 줄의 \(position + 1)번째 명령", en: "line \(lineNumber), command \(position + 1)")
                                : Localized(ko: "\(lineNumber)번째 줄", en: "line \(lineNumber)")
                            let shown = OutsideText.clean(String(command.prefix(60)))
                            console.error("brainy: " + place[console.language] + " (\(shown)): " + message)
                            return Self.exitCode(for: error)
                        }
                    }
                }
            }
        }
    }

    /// The longest line run, in bytes of UTF-8.
    static let lineLimit = 4096

    /// A script stops with 3 when the database cannot be used (the exit codes in docs/scripting.md), else with 1.
    static func exitCode(for error: any Error) -> Int32 {
        if let error = error as? StoreError, error.meansDatabaseUnusable { return 3 }
        return 1
    }

    static func isRecordCommand(_ command: String) -> Bool {
        CommandLineSplitter.words(command).first.map { CommandRegistry.command(named: $0)?.name == .record } ?? false
    }

    private func showTiming(_ duration: Duration) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let console = session.console
        console.line(console.paint(console.text(Localized(ko: "시간: ", en: "Time: ")) + String(format: "%.3f ms", milliseconds), \.muted))
    }

    /// Runs the start-up file before the first prompt; its errors are reported with their lines and the shell goes
    /// on. True when it asked to leave.
    private func runStartupFile(_ url: URL) -> Bool {
        do {
            return try CommandFile.read(url.path).run(in: session).exit
        } catch {
            session.console.error("brainy: " + session.console.text(session.message(for: error)))
            return false
        }
    }

    private func banner() {
        let console = session.console
        console.notice(console.paint("Brainy \(Self.version)", \.accent) + " — " + console.text(Localized(
            ko: "퀴즈 셸. 'help'로 명령을 보고, Tab으로 완성하세요. 끝내려면 exit 또는 Ctrl-D.",
            en: "the quiz shell. Type 'help' for commands; Tab completes. Leave with exit or Ctrl-D.")))
    }
}

/// Wires a session to the reader that fits the input, and runs it.
public enum Shell {
    public enum Input {
        /// Standard input: libedit on a terminal, the plain reader otherwise.
        case standardInput(historyFile: URL?)
        /// `-c "a; b"` or the lines of `-f FILE`.
        case lines([String])
    }

    public static func run(_ services: ShellServices, _ options: ShellOptions, input: Input,
                           forceInteractive: Bool? = nil) -> Int32 {
        let reader: LineReader
        var interactive = false
        switch input {
        case let .standardInput(historyFile):
            interactive = forceInteractive ?? Platform.isTerminal(.input)
            if interactive {
                Platform.keepRunningOnInterruptAndClosedPipe()
                // The completer needs the session, which needs the reader: resolved through a box.
                let box = CompleterBox()
                let editor = EditLineReader(programName: "brainy", historyFile: historyFile,
                                            historySize: options.historySize, completer: { box.completer?($0) ?? [] })
                reader = editor
                let session = ShellSession(services: services, options: options, reader: reader, console: console(
                    for: options, colorEnabled: options.colorEnabled))
                box.completer = session.completer
                editor.localize = { [console = session.console] in console.text($0) }
                return ShellRunner(session: session, reader: reader, timingLog: .fromEnvironment()).run()
            }
            reader = PlainLineReader()
        case let .lines(lines):
            reader = PlainLineReader(lines: lines)
        }
        let session = ShellSession(services: services, options: options, reader: reader, console: console(
            for: options, colorEnabled: false))
        return ShellRunner(session: session, reader: reader, timingLog: .fromEnvironment()).run()
    }

    /// `-q` drops notices; with `--format json` or `plain` they go to standard error, leaving only data on standard output.
    private static func console(for options: ShellOptions, colorEnabled: Bool) -> Console {
        let console = Console(language: options.languageOverride ?? .ko, theme: .system, colorEnabled: colorEnabled)
        console.quiet = options.quiet
        console.dataOnlyOnStandardOutput = options.formatOverride == .json || options.formatOverride == .plain
        return console
    }
}

private final class CompleterBox {
    var completer: Completer?
}

/// Appends `command<TAB>microseconds` lines to a file, for the benchmark.
public final class CommandTimingLog {
    private let handle: FileHandle

    public init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    static func fromEnvironment() -> CommandTimingLog? {
        Platform.environmentValue("BRAINY_TIMING_LOG").flatMap(CommandTimingLog.init(path:))
    }

    func record(_ command: String, _ duration: Duration) {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let name = command.split(separator: " ").first.map(String.init) ?? command
        handle.write(Data("\(name)\t\(micros)\n".utf8))
    }
}
