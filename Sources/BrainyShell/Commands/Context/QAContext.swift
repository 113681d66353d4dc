import BrainyKit
import Foundation

/// What QA's commands (`clock`, `flags`, `config`, `reset`, `ai`, `ads`) may use: the flow read and fed events, the
/// console, the clock to move, the config in force to change, the ads' forcing switch, AI mode's log, and wiping a
/// player's progress.
struct QAContext: CommandContext {
    let basics: ContextBasics
    /// What QA's `ads` switches: the case forced and the made-up ad's length.
    let ads: any AdForcingSwitch
    private let state: SessionState
    private let repository: any BrainyRepository
    private let applyEvent: (FlowEvent) throws -> Void

    init(basics: ContextBasics, state: SessionState, repository: any BrainyRepository, ads: any AdForcingSwitch,
         apply: @escaping (FlowEvent) throws -> Void) {
        self.basics = basics
        self.state = state
        self.repository = repository
        self.ads = ads
        self.applyEvent = apply
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.qa() }

    /// Feeds an event to the flow and performs its effects (persisting before showing).
    func apply(_ event: FlowEvent) throws { try applyEvent(event) }
    /// AI mode's last exchanges with a language model.
    var aiLog: [LanguageModelQuestions.Exchange] { state.aiLog }

    /// The clock that can be moved: the one standing still while recording, else the one `--clock` started.
    var movableClock: ManualClock? { state.clockOverride ?? (state.clock as? ManualClock) }

    /// The remote config in force, changed in place (QA may change it for this run); maintenance goes on or off in
    /// the flow with it.
    var config: RemoteConfig {
        get { state.config }
        nonmutating set { state.adopt(newValue) }
    }

    /// Wipes the player's progress and says how many hint credits they have after it.
    func resetProgress(userId: String) throws -> Int {
        try repository.resetProgress(userId: userId)
        return try repository.hintCredits(userId: userId)
    }
}
