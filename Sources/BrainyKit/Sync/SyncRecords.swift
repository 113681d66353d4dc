import Foundation

// What the device keeps for syncing and what travels as is: answers and quizzes waiting to be uploaded, the account
// as the server knows it, the cached daily leaderboard. The request and response envelopes are BrainyAPI's.

/// One answered question as uploaded.
public struct UploadedResult: Codable, Equatable, Sendable {
    public var id: String
    public var quizId: String
    public var questionId: String
    public var category: QuizCategory
    public var type: QuizType
    public var outcome: AnswerOutcome
    /// Seconds from the question being shown to the answer.
    public var timeSpent: Double
    public var answeredAt: Date
    public var hintUsed: Bool
    /// What was answered (`AnswerRecord.answerText`), which the server grades again: a result that says it is right
    /// must be right. Absent from older devices' uploads.
    public var answer: String?
    /// The answer as given (`AnswerRecord.givenAnswer`: the text typed, or the label of the option chosen), so that
    /// another device's `history <ID>` shows it as the device that played; absent from older devices' uploads.
    public var given: String?
    /// The order the question's options were shown in (`DealtQuestion.optionOrder`: pack indices, the first shown
    /// first); absent for a question without options and from older devices' uploads.
    public var optionOrder: [Int]?

    /// The most options an `optionOrder` may list.
    public static let maxOptions = 8

    public init(
        id: String, quizId: String, questionId: String, category: QuizCategory, type: QuizType, outcome: AnswerOutcome,
        timeSpent: Double, answeredAt: Date, hintUsed: Bool, answer: String? = nil, given: String? = nil,
        optionOrder: [Int]? = nil
    ) {
        self.id = id
        self.quizId = quizId
        self.questionId = questionId
        self.category = category
        self.type = type
        self.outcome = outcome
        self.timeSpent = timeSpent
        self.answeredAt = answeredAt
        self.hintUsed = hintUsed
        self.answer = answer
        self.given = given
        self.optionOrder = optionOrder
    }

    public init(_ answer: AnswerRecord) {
        self.init(id: answer.id, quizId: answer.quizId, questionId: answer.questionId, category: answer.category,
                  type: answer.type, outcome: answer.outcome, timeSpent: answer.timeSpent,
                  answeredAt: answer.answeredAt, hintUsed: answer.hintUsed, answer: answer.answerText,
                  given: answer.givenAnswer)
    }
}

/// One quiz as uploaded (its summary; the answers travel as `UploadedResult`s).
public struct UploadedQuiz: Codable, Equatable, Sendable {
    public var id: String
    public var category: QuizCategory
    public var type: QuizType
    public var format: QuizFormat
    public var correctCount: Int
    public var questionCount: Int
    public var startedAt: Date
    public var finishedAt: Date?
    /// The signed quiz ticket the quiz was played on (a compact JWS the server dealt); nil for a quiz dealt on the
    /// device, which the leaderboard does not rank.
    public var ticket: String?
    /// A stage quiz's number (from 1), so that another device restores it as the device that played it; nil for
    /// another format, and absent from older devices' uploads and older servers' pages. The player's claim about this
    /// quiz only: the server keeps it when its pack has such a stage, and it clears no stage by itself.
    public var stage: Int?

    public init(
        id: String, category: QuizCategory, type: QuizType, format: QuizFormat, correctCount: Int, questionCount: Int,
        startedAt: Date, finishedAt: Date?, ticket: String? = nil, stage: Int? = nil
    ) {
        self.id = id
        self.category = category
        self.type = type
        self.format = format
        self.correctCount = correctCount
        self.questionCount = questionCount
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.ticket = ticket
        self.stage = stage
    }

    public init(_ quiz: Quiz) {
        self.init(id: quiz.id, category: quiz.category, type: quiz.type, format: quiz.format,
                  correctCount: quiz.correctCount, questionCount: quiz.questionCount, startedAt: quiz.startedAt,
                  finishedAt: quiz.finishedAt, stage: quiz.format == .stage ? quiz.stage : nil)
    }
}

/// `GET /v1/leaderboard/daily`: one UTC day, ranked by correct answers.
public struct LeaderboardResponse: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var rank: Int
        public var displayName: String
        /// Correct answers that day.
        public var score: Int
        /// Correct answers over answered questions (skipped ones not counted), 0...1.
        public var accuracy: Double
        public init(rank: Int, displayName: String, score: Int, accuracy: Double) {
            self.rank = rank
            self.displayName = displayName
            self.score = score
            self.accuracy = accuracy
        }
    }

    /// The caller's own place, also when outside the listed entries.
    public struct Standing: Codable, Equatable, Sendable {
        public var rank: Int
        public var score: Int
        public var accuracy: Double
        public init(rank: Int, score: Int, accuracy: Double) {
            self.rank = rank
            self.score = score
            self.accuracy = accuracy
        }
    }

    /// `YYYY-MM-DD` (UTC).
    public var date: String
    public var entries: [Entry]
    /// Absent when the caller answered nothing that day.
    public var you: Standing?
    public init(date: String, entries: [Entry], you: Standing?) {
        self.date = date
        self.entries = entries
        self.you = you
    }
}

/// The account as the server shows it to its owner.
public struct AccountPayload: Codable, Equatable, Sendable {
    public var id: String
    public var email: String?
    public var displayName: String
    public var provider: AuthProvider
    public init(id: String, email: String?, displayName: String, provider: AuthProvider) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.provider = provider
    }
}
