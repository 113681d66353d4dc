import BrainyKit
import Foundation

/// What the quiz-playing commands (`mode` … `repeat`, `ad`) may use: the flow read and fed events, the clock, the
/// console, the player's settings and the config read, the hint credits held, the run's random numbers, and what
/// they ask of speech and of ads.
struct QuizContext: CommandContext {
    let basics: ContextBasics
    /// `ad open|watch|skip`, `skip` during a rewarded ad, and whether a hint may be earned by watching one.
    let ads: any QuizAds
    private let state: SessionState
    private let repository: any BrainyRepository
    private let applyEvent: (FlowEvent) throws -> Void
    private let makeVoice: () -> any QuizVoice

    /// `voice`: made the first time a command asks for it (speech is looked up only when a quiz needs it).
    init(basics: ContextBasics, state: SessionState, repository: any BrainyRepository,
         apply: @escaping (FlowEvent) throws -> Void, voice: @escaping () -> any QuizVoice, ads: any QuizAds) {
        self.basics = basics
        self.state = state
        self.repository = repository
        self.applyEvent = apply
        self.makeVoice = voice
        self.ads = ads
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.quiz() }

    /// Feeds an event to the flow and performs its effects (persisting before showing).
    func apply(_ event: FlowEvent) throws { try applyEvent(event) }
    /// The signed-in player's settings (the defaults when nobody is signed in).
    var settings: Settings { state.settings }
    /// The remote config in force.
    var config: RemoteConfig { state.config }
    /// Speaking the question and hearing the answer.
    var voice: any QuizVoice { makeVoice() }

    /// The player's hint credits as the database holds them now, put in force: another shell on the same file may
    /// have spent some since this one signed in (each spent from its own count, four hints were used of three).
    func refreshHintCredits() throws {
        guard let user = state.flow.user else { return }
        try apply(.hintCreditsChanged(repository.hintCredits(userId: user.id)))
    }

    /// A voice quiz whose player keeps the text hidden until the answer (`settings voice-text off`).
    func isListening(_ play: QuizPlay) -> Bool { state.isListening(play) }
    /// A generator for one use, drawn from the run's so that a seed fixes everything that follows.
    func drawGenerator() -> SeededGenerator { state.drawGenerator() }
    /// The highest stage the player has cleared in a category and type (what `start` plays next).
    func highestClearedStage(userId: String, category: QuizCategory, type: QuizType) throws -> Int {
        try repository.highestClearedStage(userId: userId, category: category, type: type)
    }
}
