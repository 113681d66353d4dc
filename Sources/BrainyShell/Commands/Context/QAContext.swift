import BrainyKit
import Foundation

/// What QA's commands (`clock`, `flags`, `config`, `reset`, `ai`, `ads`) may use: the flow read and fed events, the
/// console, the clock to move, the config in force to change, the ad service to force, AI mode's log, and wiping a
/// player's progress.
struct QAContext: CommandContext {
    private let session: ShellSession

    init(_ session: ShellSession) { self.session = session }

    var basics: ContextBasics { ContextBasics(session) }

    static func made(by contexts: CommandContexts) -> Self { contexts.qa() }

    func apply(_ event: FlowEvent) throws { try session.apply(event) }
    var ads: AdSession { session.ads }
    /// AI mode's last exchanges with a language model.
    var aiLog: [LanguageModelQuestions.Exchange] { session.aiLog }

    /// The clock that can be moved: the one standing still while recording, else the one `--clock` started.
    var movableClock: ManualClock? { session.clockOverride ?? (session.services.clock as? ManualClock) }

    /// The remote config in force, changed in place (QA may change it for this run); maintenance goes on or off in
    /// the flow with it.
    var config: RemoteConfig {
        get { session.config }
        nonmutating set { session.state.adopt(newValue) }
    }

    /// Wipes the player's progress and says how many hint credits they have after it.
    func resetProgress(userId: String) throws -> Int {
        try session.repository.resetProgress(userId: userId)
        return try session.repository.hintCredits(userId: userId)
    }
}
