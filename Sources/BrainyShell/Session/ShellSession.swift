import BrainyKit
import Foundation

/// One shell's session: it reads a line, finds its command in the registry, checks it against the flow's transition
/// table and runs it; it feeds events to `QuizFlow` and performs the effects it returns (persisting before showing).
/// One session per shell process.
public final class ShellSession {
    let services: ShellServices
    let options: ShellOptions
    let reader: LineReader
    public let console: Console
    /// The flow, the settings, the config in force, the clock and the transcript being recorded: shared with the
    /// services the session makes, which hold it instead of the session.
    let state: SessionState
    public internal(set) var flow: QuizFlow {
        get { state.flow }
        set { state.flow = newValue }
    }
    /// Told of every transition the flow takes, and of every command the table allowed that kept the state: what
    /// `brainy --check --coverage` counts.
    public var transitionObserver: ((ShellTransition) -> Void)? {
        get { state.transitionObserver }
        set { state.transitionObserver = newValue }
    }
    /// The signed-in user's settings (the defaults when nobody is signed in).
    var settings: Settings { state.settings }
    /// The remote config in force (the bundled default, the server's once fetched; QA may change it).
    var config: RemoteConfig {
        get { state.config }
        set { state.config = newValue }
    }
    /// How many `source` files are being run, one inside the other.
    var sourceDepth: Int {
        get { state.sourceDepth }
        set { state.sourceDepth = newValue }
    }
    /// `timing on`: how long each command took is printed after it.
    public internal(set) var timingEnabled: Bool {
        get { state.timingEnabled }
        set { state.timingEnabled = newValue }
    }
    /// `record FILE`: the transcript being written.
    var recorder: TranscriptRecorder? {
        get { state.recorder }
        set { state.recorder = newValue }
    }
    /// The sync server's side of the session: the client, the sign-in on the server, whether it answered.
    private(set) lazy var remote = makeRemote()
    /// Speech out and in: made when a voice quiz (or `repeat`, or a spoken answer) first needs it.
    lazy var voice = makeVoice()
    /// The quiz-end ad, the rewarded ad under way, `ad open` and QA's `ads`.
    lazy var ads = makeAds()
    /// The start-up pack check while the runner keeps it (tests wait for its calls to end).
    weak var packCheck: StartupPackCheck?
    /// Whether this computer keeps a sign-in ("remember me"), and whether one of this run was not to be kept.
    let remembering: SignInRemembering

    public init(services: ShellServices, options: ShellOptions, reader: LineReader, console: Console) {
        self.services = services
        self.options = options
        self.reader = reader
        self.console = console
        remembering = SignInRemembering(given: options.rememberSignIn)
        var seeder = SystemRandomNumberGenerator()
        self.state = SessionState(config: services.config, clock: services.clock, console: console,
                                  languageOverride: options.languageOverride, seed: options.seed ?? seeder.next())
        console.language = options.languageOverride ?? .ko
        // Lines are broken between words at the width tables fit (a terminal would break them inside a word).
        // Weakly: the state holds the console.
        let fixedColumns = options.columnsOverride
        console.wrapWidth = { [weak state] in state?.columns(fixed: fixedColumns) }
    }

    var repository: any BrainyRepository { services.repository }
    var timeZone: TimeZone { options.timeZone }
    var now: Date { state.now }
    public var isRecording: Bool { recorder != nil }

    /// The commands allowed now, in `CommandName`'s order (the QA commands only with `--qa`).
    var allowedCommands: [CommandName] { flow.allowedCommands(qa: options.qaEnabled) }

    /// Who is signed in and where the flow stands, for the line editor.
    public var prompt: String { Prompt.text(for: self) }

    /// The completion function handed to the line editor.
    public var completer: Completer {
        { [unowned self] line in ShellCompleter(contexts: contexts).candidates(line) }
    }

    /// Signs the device's open session back in, if it has not expired; says so when it has.
    public func restoreSession() throws {
        // With a server, the config it last sent is in force (until the next `sync` fetches a newer one).
        if remote.serverURL != nil, let cached = try repository.cachedConfig() { config = cached.config }
        if config.maintenanceMode { _ = try flow.handle(.maintenanceChanged(true)) }
        guard let session = try repository.currentSession() else { return }
        // A sign-in this computer was not to keep is never signed back in: a shell killed before its `exit` left it.
        guard session.remembered else { return try endLeftBehind(session) }
        guard !session.isExpired(at: now) else {
            // On a read-only database the session cannot be ended; it is not used all the same.
            do {
                try repository.endSession()
            } catch let error as StoreError {
                guard case .readOnly = error else { throw error }
            }
            console.line(message(for: BrainyError.sessionExpired))
            return
        }
        guard let user = try repository.user(id: session.userId) else { return }
        // From here every write checks that this sign-in is still the device's (another shell may sign out).
        repository.adoptSession(session)
        try accountSignIn.signIn(user, announce: false, via: .sessionRestored, restoring: session)
        try perform(state.takeEffectsDue())
    }

    /// Runs one line: a command, or an answer while a question is open. Blank lines do nothing.
    public func execute(_ line: String) throws -> CommandOutcome {
        do {
            let outcome = try executeLine(line)
            // What the flow asked for after an event a service fed it (none today: see `SessionState`).
            try perform(state.takeEffectsDue())
            return outcome
        } catch StoreError.signedOutElsewhere {
            signOutAfterSignOutElsewhere()
            throw StoreError.signedOutElsewhere
        }
    }

    /// Another shell signed out, or signed in as someone else: the write that found it was refused, and this shell
    /// is signed out too. Its quiz stays in progress (resumable after signing in again) and is let go of. Ending its
    /// own sign-in ends nothing of another player's (the store ends only this shell's player's).
    private func signOutAfterSignOutElsewhere() {
        try? repository.endSession()
        guard flow.user != nil else { return }
        if let play = flow.play, play.quiz.status == .inProgress { repository.releaseQuiz(id: play.quiz.id) }
        // The flow's event for a sign-in that ended other than by this shell's `logout`.
        _ = try? flow.handle(.sessionExpired)
        applyUserSettings(nil)
    }

    private func executeLine(_ line: String) throws -> CommandOutcome {
        let arguments = CommandArguments(parsing: line)
        guard let first = CommandLineSplitter.words(line).first else { return .proceed }
        guard let command = CommandRegistry.command(named: first) else {
            if flow.state == .question { return try answer(line) }
            if let qa = CommandName(rawValue: first.lowercased()), qa.isQA { throw ShellError.qaOnly(qa) }
            if flow.state == .answered { throw ShellError.alreadyAnswered }
            let shown = first.count > 40 ? String(first.prefix(39)) + "…" : first
            throw ShellError.unknownCommand(shown, suggestion: CommandRegistry.suggestion(for: first))
        }
        // An alias of a command that is not allowed now ("cat") is an answer while a question is open.
        if flow.state == .question, first.lowercased() != command.name.rawValue, !allowedCommands.contains(command.name) {
            return try answer(line)
        }
        // A rewarded ad whose time is up ends before the next command, and its countdown moves on after each.
        ads.poll()
        defer { ads.poll() }
        // A question whose time ran out closes before the next command (an answer coming late is graded as timed out
        // by the flow itself) and after each (`clock advance` moves time in a transcript).
        if command.name != .answer && command.name != .speak { closeQuestionIfTimeRanOut() }
        defer { closeQuestionIfTimeRanOut() }
        try expireSessionIfNeeded(before: command.name)
        try flow.check(command.name, qa: options.qaEnabled)
        let before = flow
        let paged = command.isPaged(arguments)
        if paged { console.beginPaging() }
        defer { if paged { console.endPaging() } }
        do {
            let outcome = try command.run(arguments, from: contexts)
            noteStay(command.name, since: before, failed: false)
            return outcome
        } catch {
            noteStay(command.name, since: before, failed: true)
            throw error
        }
    }

    /// A command the table allowed that moved nothing took its rule all the same when the rule keeps the state (a
    /// query, even one that failed: `sync` with no server stays where it is) or lists staying among its targets.
    private func noteStay(_ command: CommandName, since before: QuizFlow, failed: Bool) {
        guard flow.transitionCount == before.transitionCount,
              let targets = CommandRules.targets(of: command, from: before.state),
              targets.contains(flow.state), targets == [before.state] || !failed else { return }
        transitionObserver?(ShellTransition(from: before.state, trigger: .command(command), to: flow.state))
    }

    /// A bare line while a question is open: the answer.
    private func answer(_ line: String) throws -> CommandOutcome {
        try expireSessionIfNeeded(before: .answer)
        return try AnswerCommand.submitBareLine(line, in: contexts.quiz())
    }

    /// Adds a finished command to the transcript being recorded; a failed write stops the recording and says so.
    func record(command: String, output: String) {
        do {
            try recorder?.add(command: command, output: output)
        } catch {
            recorder = nil
            console.error(console.text(message(for: error)))
        }
    }

    /// What the user reads about `error`, times in the shell's time zone, a refusal listing what `--qa` allows too.
    public func message(for error: any Error) -> Localized {
        ErrorMessage.of(error, timeZone: timeZone, qa: options.qaEnabled)
    }

    /// Signs out a sign-in that expired; what the table allows signed out (signing in again, help, exit…) goes on,
    /// anything else is told why not.
    private func expireSessionIfNeeded(before command: CommandName) throws {
        // A database that cannot be read now (its file replaced under the shell) does not keep `exit` or `help`
        // from running: a command that needs the database says what is wrong itself.
        guard flow.user != nil, let session = try? repository.currentSession(),
              session.isExpired(at: now) else { return }
        try repository.endSession()
        _ = try? flow.handle(.sessionExpired)
        applyUserSettings(nil)
        if !CommandRules.allows(command, in: flow.state) { throw BrainyError.sessionExpired }
    }

    /// Uses the signed-in user's settings (language, theme, timer), or the defaults when nobody is signed in.
    func applyUserSettings(_ settings: Settings?) { state.applyUserSettings(settings) }

    /// Feeds an event to the flow and performs its effects. When an effect fails (the database refused a write),
    /// the flow goes back to where it was, so that the shell never shows as done what was not saved.
    func apply(_ event: FlowEvent) throws {
        let before = flow
        do {
            try perform(flow.handle(event))
        } catch {
            flow = before
            throw error
        }
    }

    /// Performs the flow's effects in order: each persisting effect is committed before the next one shows anything.
    private func perform(_ effects: [FlowEffect]) throws {
        let renderer = QuizRenderer(console: console)
        for effect in effects {
            switch effect {
            case let .dealQuiz(request):
                do {
                    let dealing = QuizDealing(repository: repository, state: state, console: console,
                                              aiQuestions: aiQuestionMaking, languageModel: languageModelQuestions)
                    try apply(.quizDealt(dealing.deal(request)))
                } catch {
                    // AI mode made nothing usable: the flow goes back to ready, and the error says why.
                    if flow.state == .generating { _ = try? flow.handle(.generationFailed) }
                    throw error
                }
            case let .persistAnswer(record, progress):
                try repository.saveAnswer(record, progress: progress, timeZone: timeZone)
                try AdaptiveDealing(repository: repository, state: state).followPlayer()
            case let .recordHint(quizId, position, removed):
                // Another shell on this file may have spent the last credit since this one read the balance.
                if let user = flow.user,
                   !(try repository.recordHint(userId: user.id, quizId: quizId, position: position, removed: removed)) {
                    throw BrainyError.noHintCredits
                }
            case let .finishQuiz(quiz, stagePassed, earnedHint):
                try repository.finishQuiz(quiz, stagePassed: stagePassed, earnedHint: earnedHint)
            case let .markAbandoned(quiz):
                try repository.abandonQuiz(quiz)
            case .showQuestion:
                if let play = flow.play {
                    renderer.question(play, timer: flow.timerSeconds, hidingText: state.isListening(play),
                                      canSpeak: play.quiz.type == .voice && voice.hearingLanguage(for: play) != nil)
                    if play.quiz.type == .voice { voice.speak(play) }
                }
            case let .showFeedback(feedback):
                renderer.feedback(feedback, isLast: flow.play?.isLastQuestion ?? true,
                                  showingQuestion: flow.play.map(state.isListening) ?? false)
            case let .showHint(hint):
                if let play = flow.play { renderer.hint(hint, play: play, creditsLeft: flow.hintCredits) }
            case let .showSummary(summary):
                renderer.summary(summary)
            case let .showAbandoned(quiz):
                renderer.abandoned(quiz)
            case .showAd:
                ads.showQuizEndAd()
            }
        }
    }
}
