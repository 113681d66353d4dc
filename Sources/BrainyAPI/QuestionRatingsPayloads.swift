import BrainyKit

/// Every player's answers to each question, as the learner model's difficulty rating (logits: 0 is a question an
/// average player gets right half the time), for the shell to import at `sync`.
public struct QuestionRatingsResponse: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var questionId: String
        public var value: Double
        public var answers: Int

        public init(questionId: String, value: Double, answers: Int) {
            self.questionId = questionId
            self.value = value
            self.answers = answers
        }
    }

    public var ratings: [Entry]

    public init(ratings: [Entry]) { self.ratings = ratings }
}
