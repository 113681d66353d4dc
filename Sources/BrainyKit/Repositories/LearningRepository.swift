import Foundation

/// What the learner model keeps: each player's rating per category (and how it moved), each question's difficulty
/// rating, and the questions made for AI mode. Answers update both ratings in the transaction that saves them.
public protocol LearningRepository: Sendable {
    /// The player's rating in every category played (a category never played is absent: a new player's rating).
    func playerRatings(userId: String) throws(StoreError) -> [QuizCategory: Rating]
    /// The player's rating at the end of each of the last `limit` quizzes in a category, oldest first.
    func ratingHistory(userId: String, category: QuizCategory, limit: Int) throws(StoreError) -> [Rating]
    /// The questions a quiz may draw from, with their difficulty ratings: the bank's, or the generated ones
    /// (`generated`); with `unsolvedBy`, only those that user never answered. With `sample`, a category of more
    /// questions than `sample.atMost` gives about that many, drawn by `sample.seed` (the same seed, the same ones).
    func ratedCandidates(category: QuizCategory, generated: Bool, voiceOnly: Bool, unsolvedBy userId: String?,
                         sample: CandidateSample?) throws(StoreError) -> [String: Rating]
    /// Which of `questions` repeat the text of a question of the bank (not generated), in either language, case aside:
    /// their ids. A lookup per question in the text indexes, whatever the size of the bank.
    func repeatingTheBank(_ questions: [Question]) throws(StoreError) -> Set<String>
    /// Keeps generated questions (by stable id: the same question made twice is kept once) under `origin`, the pack
    /// id that says where they came from (`ai-kb`: the bundled knowledge base; `ai-llm`: a language model).
    func saveGenerated(_ questions: [Question], origin: String, now: Date) throws(StoreError)
    /// The questions still to come in an adaptive quiz, chosen again as the player answers.
    func redeal(quizId: String, dealt: [DealtQuestion]) throws(StoreError)
    /// Ratings every player's answers gave the questions (from the server), replacing this device's own.
    func importQuestionRatings(_ ratings: [String: Rating]) throws(StoreError)
}

extension LearningRepository {
    public func ratedCandidates(category: QuizCategory, generated: Bool, voiceOnly: Bool,
                                unsolvedBy userId: String?) throws(StoreError) -> [String: Rating] {
        try ratedCandidates(category: category, generated: generated, voiceOnly: voiceOnly, unsolvedBy: userId, sample: nil)
    }
}
