import BrainyKit
import Foundation

/// What the session, the services it makes (remote, ads, voice, sync, sign-in, AI mode, dealing) and the commands'
/// contexts read and change while the shell runs: the flow, the player's settings, the config in force, the clock,
/// the run's random numbers, the transcript being recorded, AI mode's log, the adaptive quiz's candidates and the
/// shell's switches (`timing`, `source` nesting). The session owns it and hands it to each service and context, so
/// that none holds a way back to the session. One line loop reads and writes it, one command at a time, as the session itself (neither is `Sendable`).
final class SessionState {
    var flow: QuizFlow {
        didSet {
            if flow.transitionCount > oldValue.transitionCount, let taken = flow.lastTransition {
                transitionObserver?(ShellTransition(taken))
            }
        }
    }
    /// Told of every transition the flow takes (and, by the session, of every command that kept the state).
    var transitionObserver: ((ShellTransition) -> Void)?
    /// The signed-in user's settings (the defaults when nobody is signed in).
    private(set) var settings = Settings()
    /// The remote config in force (the bundled default, the server's once fetched; QA may change it).
    var config: RemoteConfig
    /// The clock the services read (`--clock`'s, a test's, or the system's).
    let clock: any BrainyClock
    /// While recording without `--clock`: time stands still, so that the transcript replays the same.
    var clockOverride: ManualClock?
    /// `record FILE`: the transcript being written.
    var recorder: TranscriptRecorder?
    /// AI mode's last exchanges with a language model (`ai log`, with `--qa`).
    var aiLog: [LanguageModelQuestions.Exchange] = []
    /// The run's random numbers (`--seed`'s, else the system's): each use draws a generator of its own from it.
    private var generator: SeededGenerator
    /// The candidates of the adaptive quiz being played (their ratings do not change while it is played, but by a
    /// sync): read once per quiz, not after every answer.
    var adaptiveCandidates: (quizId: String, ratings: [String: Rating])?
    /// `timing on`: how long each command took is printed after it.
    var timingEnabled = false
    /// How many `source` files are being run, one inside the other.
    var sourceDepth = 0
    /// What the flow asked to be done after an event a service fed it; the session performs it once the service
    /// returns. The events services feed (a sign-in or out, an ad's start and end) ask for nothing today.
    private var effectsDue: [FlowEffect] = []
    private let console: Console
    private let languageOverride: Language?

    init(config: RemoteConfig, clock: any BrainyClock, console: Console, languageOverride: Language?, seed: UInt64) {
        self.flow = QuizFlow()
        self.generator = SeededGenerator(seed: seed)
        self.config = config
        self.clock = clock
        self.console = console
        self.languageOverride = languageOverride
    }

    var now: Date { (clockOverride ?? clock).now() }

    /// Time passes by itself and someone watches: the wall clock, on a terminal (not a test, a transcript or --clock).
    var runsOnWallClock: Bool {
        clockOverride == nil && clock is SystemClock && Platform.isTerminal(.input) && Platform.isTerminal(.output)
    }

    /// A generator for one use, drawn from the run's so that a seed fixes everything that follows.
    func drawGenerator() -> SeededGenerator {
        SeededGenerator(seed: generator.next())
    }

    /// The random numbers start again from `seed`, as a transcript's replay will.
    func reseed(_ seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// The width tables fit: the transcript's being recorded, else `fixed`, else the terminal's.
    func columns(fixed: Int?) -> Int {
        if let fixed = recorder?.transcript.header.columns ?? fixed { return fixed }
        // Output going to a file or a pipe is not cut to a width unless COLUMNS asks for one.
        if !Platform.isTerminal(.output), Platform.environmentValue("COLUMNS") == nil { return 10_000 }
        return Platform.terminalColumns()
    }

    /// Feeds the flow an event a service met. When the flow refuses it, the flow stays where it was; what it asks to
    /// be done waits for the session (`takeEffectsDue`).
    func apply(_ event: FlowEvent) throws {
        let before = flow
        do {
            effectsDue += try flow.handle(event)
        } catch {
            flow = before
            throw error
        }
    }

    /// The effects services' events left for the session to perform, handed over once.
    func takeEffectsDue() -> [FlowEffect] {
        defer { effectsDue = [] }
        return effectsDue
    }

    /// Uses the signed-in user's settings (language, theme, timer), or the defaults when nobody is signed in.
    func applyUserSettings(_ settings: Settings?) {
        self.settings = settings ?? Settings()
        console.language = languageOverride ?? self.settings.language
        console.apply(theme: self.settings.theme)
        _ = try? flow.handle(.timerChanged(seconds: self.settings.timerSeconds))
    }

    /// Puts `newConfig` in force; maintenance goes on or off in the flow with it.
    func adopt(_ newConfig: RemoteConfig) {
        let old = config
        config = newConfig
        if newConfig.maintenanceMode != old.maintenanceMode { setMaintenance(newConfig.maintenanceMode) }
    }

    /// A voice quiz whose player keeps the text hidden until the answer (`settings voice-text off`).
    func isListening(_ play: QuizPlay) -> Bool {
        play.quiz.type == .voice && !settings.voiceText
    }

    /// Turns maintenance on or off in the flow (the config in force changed).
    func setMaintenance(_ on: Bool) {
        _ = try? flow.handle(.maintenanceChanged(on))
    }

    /// The config in force as the remote side and sync read and replace it.
    var configInForce: ConfigInForce {
        ConfigInForce(current: { [self] in config }, adopt: { [self] newConfig in adopt(newConfig) })
    }
}
