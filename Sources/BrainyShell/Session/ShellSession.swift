import BrainyKit
import Foundation

/// Runs commands: parses a line, checks it against the flow's transition table, feeds events to `QuizFlow` and
/// performs the effects it returns (persisting before showing). One session per shell process.
public final class ShellSession {
    let deps: ShellDependencies
    let reader: LineReader
    public let console: Console
    public internal(set) var flow: QuizFlow {
        didSet {
            if flow.transitionCount > oldValue.transitionCount, let taken = flow.lastTransition { transitionObserver?(taken) }
        }
    }
    /// Told of every transition the flow takes, and of every command the table allowed that kept the state: what
    /// `brainy --check --coverage` counts.
    public var transitionObserver: ((FlowTransition) -> Void)?
    var settings = Settings()
    /// The remote config in force (the bundled default; QA may change it with `config` and `flags`).
    var config: RemoteConfig
    /// Whether the last call to the server got through (nil: none made in this run).
    var serverReachable: Bool?
    /// `timing on`: how long each command took is printed after it.
    public internal(set) var timingEnabled = false
    var generator: SeededGenerator
    var repository: any BrainyRepository { deps.repository }
    /// How structured output prints now: `--format`, else the user's setting.
    var outputFormat: OutputFormat { deps.formatOverride ?? settings.outputFormat }
    var now: Date { (clockOverride ?? deps.clock).now() }
    /// While recording without `--clock`: time stands still, so that the transcript replays the same.
    var clockOverride: ManualClock?
    /// `record FILE`: the transcript being written.
    var recorder: TranscriptRecorder?
    public var isRecording: Bool { recorder != nil }
    /// The width tables fit: the terminal's, or a transcript's while one records or replays.
    var columns: Int {
        if let fixed = recorder?.transcript.header.columns ?? deps.columnsOverride { return fixed }
        // Output going to a file or a pipe is not cut to a width unless COLUMNS asks for one.
        if isatty(1) == 0, ProcessInfo.processInfo.environment["COLUMNS"] == nil { return 10_000 }
        return TerminalSize.columns()
    }

    public init(deps: ShellDependencies, reader: LineReader, console: Console) {
        self.deps = deps
        self.reader = reader
        self.console = console
        self.flow = QuizFlow()
        self.flow.qaEnabled = deps.qaEnabled
        self.config = deps.config
        var seeder = SystemRandomNumberGenerator()
        self.generator = SeededGenerator(seed: deps.seed ?? seeder.next())
        console.language = deps.languageOverride ?? .ko
    }

    /// Signs the device's open session back in, if it has not expired; says so when it has.
    public func restoreSession() throws(BrainyError) {
        // With a server, the config it last sent is in force (until the next `sync` fetches a newer one).
        if serverURL != nil, let cached = try repository.cachedConfig() { config = cached.config }
        if config.maintenanceMode { _ = try flow.handle(.maintenanceChanged(true)) }
        guard let session = try repository.currentSession() else { return }
        guard !session.isExpired(at: now) else {
            try repository.endSession()
            console.line(BrainyError.sessionExpired.message)
            return
        }
        guard let user = try repository.user(id: session.userId) else { return }
        try signIn(user, announce: false, via: .sessionRestored)
    }

    /// Runs one line: a command, or an answer while a question is open. Blank lines do nothing.
    public func execute(_ line: String) throws(BrainyError) -> CommandOutcome {
        let words = CommandLineSplitter.words(line)
        guard let first = words.first else { return .proceed }
        let arguments = Array(words.dropFirst())
        guard let command = CommandCatalog.command(named: first) else {
            if flow.state == .question {
                try expireSessionIfNeeded(before: .answer)
                try submitAnswer(line.trimmingCharacters(in: .whitespaces))
                return .proceed
            }
            if let qa = CommandName(rawValue: first.lowercased()), qa.isQA { throw .qaOnly(qa.rawValue) }
            if flow.state == .answered {
                throw .alreadyAnswered
            }
            let shown = first.count > 40 ? String(first.prefix(39)) + "…" : first
            throw .unknownCommand(shown, suggestion: CommandCatalog.suggestion(for: first))
        }
        if flow.state == .question, first.lowercased() != command.rawValue, !flow.allowedCommands.contains(command) {
            // An alias of a command that is not allowed now ("cat") is an answer while a question is open.
            try expireSessionIfNeeded(before: .answer)
            try submitAnswer(line.trimmingCharacters(in: .whitespaces))
            return .proceed
        }
        try expireSessionIfNeeded(before: command)
        try flow.check(command)
        let before = flow
        let outcome = try run(command, arguments, rawArguments: rawArguments(of: line))
        if flow.transitionCount == before.transitionCount,
           TransitionTable.rule(from: before.state, .command(command))?.to.contains(flow.state) == true {
            transitionObserver?(FlowTransition(from: before.state, trigger: .command(command), to: flow.state))
        }
        return outcome
    }

    private func rawArguments(of line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(where: \.isWhitespace) else { return "" }
        return String(trimmed[space...]).trimmingCharacters(in: .whitespaces)
    }

    private func run(_ command: CommandName, _ arguments: [String], rawArguments: String) throws(BrainyError) -> CommandOutcome {
        switch command {
        case .help: try showHelp(arguments.first)
        case .state: showState()
        case .login: try login(arguments)
        case .register:
            guard arguments.count <= 1 else { throw .tooManyArguments(command: "register", usage: CommandCatalog.info(.register).usage) }
            try register(arguments.first)
        case .logout: try signOut(announce: true)
        case .mode: try chooseMode(arguments)
        case .category: try chooseCategory(arguments)
        case .format: try chooseFormat(arguments)
        case .start: try start(arguments)
        case .answer: try submitAnswer(rawArguments)
        case .next: try apply(.nextRequested(at: now))
        case .skip: try apply(.skipRequested(at: now))
        case .hint: try apply(.hintRequested(using: drawGenerator()))
        case .abandon: try apply(.abandonRequested(at: now))
        case .resume: try apply(.resumeRequested(at: now))
        case .history:
            // A replay waits for Enter between questions: it is not paged.
            let paged = !arguments.contains { $0.lowercased() == "--replay" }
            if paged { console.beginPaging() }
            defer { if paged { console.endPaging() } }
            try showHistory(arguments)
        case .stats: try showStats()
        case .profile: try showProfile()
        case .settings: try changeSettings(arguments)
        case .sync: try sync()
        case .leaderboard: try showLeaderboard()
        case .diagram:
            console.beginPaging()
            defer { console.endPaging() }
            try showDiagram(arguments)
        case .timing: try changeTiming(arguments)
        case .record: try record(arguments)
        case .clock: try changeClock(arguments)
        case .flags: try changeFlags(arguments)
        case .config: try changeConfig(arguments)
        case .reset: try resetProgress()
        case .exit: return .exit
        }
        return .proceed
    }

    /// Reads a line a command needs (an email), noting it in a transcript being recorded.
    func askLine(_ prompt: Localized) -> LineInput {
        let input = reader.readLine(prompt: console.text(prompt))
        if case let .line(text) = input { recorder?.noteInput(text) }
        return input
    }

    /// Reads a secret without echo, noting it in a transcript being recorded (use test accounts there).
    func askSecret(_ prompt: Localized) -> String? {
        let secret = reader.readSecret(prompt: console.text(prompt))
        if let secret { recorder?.noteInput(secret) }
        return secret
    }

    /// A generator for one use, drawn from the session's so that a seed fixes everything that follows.
    func drawGenerator() -> SeededGenerator {
        SeededGenerator(seed: generator.next())
    }

    private func expireSessionIfNeeded(before command: CommandName) throws(BrainyError) {
        guard flow.user != nil, let session = try repository.currentSession(), session.isExpired(at: now) else { return }
        try repository.endSession()
        _ = try? flow.handle(.sessionExpired)
        applyUserSettings(nil)
        // What the table allows signed out (signing in again, help, exit…) goes on; anything else is told why not.
        if !TransitionTable.allows(command, in: flow.state) { throw .sessionExpired }
    }

    /// Uses the signed-in user's settings (language, theme, timer), or the defaults when nobody is signed in.
    func applyUserSettings(_ settings: Settings?) {
        self.settings = settings ?? Settings()
        console.language = deps.languageOverride ?? self.settings.language
        console.apply(theme: self.settings.theme)
        _ = try? flow.handle(.timerChanged(seconds: self.settings.timerSeconds))
    }

    /// Feeds an event to the flow and performs its effects. When an effect fails (the database refused a write),
    /// the flow goes back to where it was, so that the shell never shows as done what was not saved.
    func apply(_ event: FlowEvent) throws(BrainyError) {
        let before = flow
        do {
            try perform(flow.handle(event))
        } catch {
            flow = before
            throw error
        }
    }

    /// Performs the flow's effects in order: each persisting effect is committed before the next one shows anything.
    func perform(_ effects: [FlowEffect]) throws(BrainyError) {
        for effect in effects {
            switch effect {
            case let .dealQuiz(request):
                try deal(request)
            case let .persistAnswer(record, progress):
                try repository.saveAnswer(record, progress: progress, timeZone: deps.timeZone)
            case let .recordHint(quizId, position, removed):
                if let user = flow.user {
                    try repository.recordHint(userId: user.id, quizId: quizId, position: position, removed: removed)
                }
            case let .finishQuiz(quiz, stagePassed, earnedHint):
                try repository.finishQuiz(quiz, stagePassed: stagePassed, earnedHint: earnedHint)
            case let .markAbandoned(quiz):
                try repository.abandonQuiz(quiz)
            case .showQuestion:
                if let play = flow.play { QuizRenderer(console: console).question(play, timer: flow.timerSeconds) }
            case let .showFeedback(feedback):
                QuizRenderer(console: console).feedback(feedback, isLast: flow.play?.isLastQuestion ?? true)
            case let .showHint(hint):
                if let play = flow.play { QuizRenderer(console: console).hint(hint, play: play, creditsLeft: flow.hintCredits) }
            case let .showSummary(summary):
                QuizRenderer(console: console).summary(summary)
            case let .showAbandoned(quiz):
                console.line(Localized(
                    ko: "퀴즈를 그만두었습니다 (\(quiz.answeredCount)/\(quiz.questionCount)문제 답함). 'start'로 새로 시작하세요.",
                    en: "Quiz abandoned (\(quiz.answeredCount) of \(quiz.questionCount) answered). Type 'start' to begin again."))
            }
        }
    }
}
