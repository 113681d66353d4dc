import BrainyKit
import Foundation

/// What the quiz-playing commands (`mode` … `repeat`, `ad`) may use: the flow read and fed events, the clock, the
/// console, the player's settings and the config read, and the voice and ad services.
struct QuizContext: CommandContext {
    private let session: ShellSession

    init(_ session: ShellSession) { self.session = session }

    var basics: ContextBasics { ContextBasics(session) }

    static func made(by contexts: CommandContexts) -> Self { contexts.quiz() }

    /// Feeds an event to the flow and performs its effects (persisting before showing).
    func apply(_ event: FlowEvent) throws { try session.apply(event) }
    /// The signed-in player's settings (the defaults when nobody is signed in).
    var settings: Settings { session.settings }
    /// The remote config in force.
    var config: RemoteConfig { session.config }
    var voice: VoiceSession { session.voice }
    var ads: AdSession { session.ads }

    /// The player's hint credits as the database holds them now, put in force: another shell on the same file may
    /// have spent some since this one signed in (each spent from its own count, four hints were used of three).
    func refreshHintCredits() throws {
        guard let user = session.flow.user else { return }
        try session.apply(.hintCreditsChanged(session.repository.hintCredits(userId: user.id)))
    }

    /// A voice quiz whose player keeps the text hidden until the answer.
    func isListening(_ play: QuizPlay) -> Bool { session.isListening(play) }
    /// A generator for one use, drawn from the session's so that a seed fixes everything that follows.
    func drawGenerator() -> SeededGenerator { session.drawGenerator() }
    /// The highest stage the player has cleared in a category and type (what `start` plays next).
    func highestClearedStage(userId: String, category: QuizCategory, type: QuizType) throws -> Int {
        try session.repository.highestClearedStage(userId: userId, category: category, type: type)
    }
}
