import BrainyKit
import Foundation

/// The shell's part of an adaptive quiz (AI mode, `start adaptive`): it reads the candidates and the player's rating
/// from the store, lets `AdaptivePicker` (BrainyKit) choose the questions nearest the player's 70%, and, after each
/// answer, records the next one chosen again from the player's new rating, so that the quiz follows them.
struct AdaptiveDealing {
    let repository: any BrainyRepository
    /// The quiz being played, the run's random numbers and the candidates read for it, and the flow to tell.
    let state: SessionState

    /// The quiz's questions, as ids: the player's unanswered questions first, then any (a player who has answered
    /// them all still gets a quiz).
    /// `first`: questions just made for this player (by a language model), dealt before the picker's.
    func deal(_ request: DealRequest, count: Int, first: [String] = [],
              using generator: inout SeededGenerator) throws -> [DealtQuestion] {
        let candidates = try candidates(for: request.type, category: request.category, userId: request.userId,
                                        sample: CandidateSample(seed: generator.next()))
        let player = try repository.playerRatings(userId: request.userId)[request.category] ?? .newPlayer
        return try AdaptivePicker.dealQuiz(count, for: player, among: candidates, type: request.type,
                                           category: request.category, made: first, using: &generator)
    }

    /// After an answer is saved: the next question chosen again for the player's new rating among those not dealt in
    /// this quiz, kept with the quiz so that a resume sees it. The one it replaces goes back to the pool.
    func followPlayer() throws {
        guard let play = state.flow.play, play.quiz.type.isAdaptive || play.quiz.selection == .adaptive,
              play.index + 1 < play.quiz.dealt.count,
              !play.quiz.dealt[play.index + 1].questionId.hasPrefix(LanguageModelQuestions.origin) else { return }
        let quiz = play.quiz
        var generator = state.drawGenerator()
        var candidates = try state.adaptiveCandidates.flatMap { $0.quizId == quiz.id ? $0.ratings : nil }
            ?? candidates(for: quiz.type, category: quiz.category, userId: quiz.userId,
                          sample: CandidateSample(seed: generator.next()))
        for dealt in quiz.dealt { candidates[dealt.questionId] = nil }
        state.adaptiveCandidates = (quiz.id, candidates)
        let player = try repository.playerRatings(userId: quiz.userId)[quiz.category] ?? .newPlayer
        let asked = quiz.dealt.prefix(play.index + 1).map(\.questionId)
        guard let next = AdaptivePicker.dealNext(for: player, among: candidates, type: quiz.type, after: asked,
                                                 using: &generator),
              let question = try repository.questions(ids: [next.questionId]).first else { return }
        var dealt = quiz.dealt
        dealt[play.index + 1] = next
        try repository.redeal(quizId: quiz.id, dealt: dealt)
        try state.apply(.upcomingChosen(question, next))
    }

    /// What the quiz may draw from: AI mode's generated questions and the bank's (its own preferred), or the bank's;
    /// unanswered ones when there are any. A large bank is sampled (`CandidateSample`: a couple of thousand are plenty
    /// to find ten near the player's level).
    private func candidates(for type: QuizType, category: QuizCategory, userId: String,
                            sample: CandidateSample) throws -> [String: Rating] {
        func draw(unsolvedBy user: String?) throws -> [String: Rating] {
            var found = try repository.ratedCandidates(category: category, generated: false,
                                                       voiceOnly: type.needsVoiceReadyQuestions, unsolvedBy: user,
                                                       sample: sample)
            if type == .ai {
                found.merge(try repository.ratedCandidates(category: category, generated: true, voiceOnly: false,
                                                           unsolvedBy: user), uniquingKeysWith: { $1 })
            }
            return found
        }
        let unsolved = try draw(unsolvedBy: userId)
        return unsolved.isEmpty ? try draw(unsolvedBy: nil) : unsolved
    }
}
