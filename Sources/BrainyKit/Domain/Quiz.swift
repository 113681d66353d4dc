import Foundation

/// Where a quiz stands.
public enum QuizStatus: String, Codable, Sendable {
    case inProgress = "in_progress"
    case finished
    case abandoned
}

/// One question as it was dealt: which question, and in what order its options were shown.
public struct DealtQuestion: Codable, Equatable, Sendable {
    public var questionId: String
    /// `optionOrder[k]` is the pack index of the option shown as number k+1.
    public var optionOrder: [Int]

    public init(questionId: String, optionOrder: [Int]) {
        self.questionId = questionId
        self.optionOrder = optionOrder
    }
}

/// A quiz as it was dealt and played. The dealt order is recorded so that a resume or a replay never depends on the
/// random-number generator.
public struct Quiz: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var userId: String
    public var type: QuizType
    public var category: QuizCategory
    public var format: QuizFormat
    public var selection: QuestionSelection
    /// The stage number (from 1) in stage format.
    public var stage: Int?
    public var dealt: [DealtQuestion]
    public var status: QuizStatus
    public var startedAt: Date
    public var finishedAt: Date?
    public var correctCount: Int
    public var answeredCount: Int
    /// Time spent answering, in seconds.
    public var duration: Double

    public init(
        id: String, userId: String, type: QuizType, category: QuizCategory, format: QuizFormat,
        selection: QuestionSelection, stage: Int?, dealt: [DealtQuestion], status: QuizStatus = .inProgress,
        startedAt: Date, finishedAt: Date? = nil, correctCount: Int = 0, answeredCount: Int = 0, duration: Double = 0
    ) {
        self.id = id
        self.userId = userId
        self.type = type
        self.category = category
        self.format = format
        self.selection = selection
        self.stage = stage
        self.dealt = dealt
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.correctCount = correctCount
        self.answeredCount = answeredCount
        self.duration = duration
    }

    public var questionCount: Int { dealt.count }

    public var accuracy: Double {
        questionCount == 0 ? 0 : Double(correctCount) / Double(questionCount)
    }
}

/// How one question ended.
public enum AnswerOutcome: String, Codable, Sendable {
    case correct, wrong
    /// Answered after the time limit: counts as wrong.
    case timedOut = "timed_out"
    case skipped
}

/// The result of one question of a quiz: what was answered, whether it was right, how long it took.
public struct AnswerRecord: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var quizId: String
    public var userId: String
    public var questionId: String
    /// The question's place in the quiz, from 0.
    public var position: Int
    public var givenAnswer: String
    public var outcome: AnswerOutcome
    public var hintUsed: Bool
    /// Seconds from the question being shown to the answer.
    public var timeSpent: Double
    public var answeredAt: Date
    public var category: QuizCategory
    public var type: QuizType
    /// For a spoken answer, what the recognizer heard (the given answer is what it stands for: "three" → "3").
    public var heard: String?
    /// What was answered in words the server can grade again without the quiz's option order: the chosen option's
    /// English text, or the text typed; nil for a skip (and for answers kept before it was recorded).
    public var answerText: String?

    public init(
        id: String, quizId: String, userId: String, questionId: String, position: Int, givenAnswer: String,
        outcome: AnswerOutcome, hintUsed: Bool, timeSpent: Double, answeredAt: Date, category: QuizCategory,
        type: QuizType, heard: String? = nil, answerText: String? = nil
    ) {
        self.id = id
        self.quizId = quizId
        self.userId = userId
        self.questionId = questionId
        self.position = position
        self.givenAnswer = givenAnswer
        self.outcome = outcome
        self.hintUsed = hintUsed
        self.timeSpent = timeSpent
        self.answeredAt = answeredAt
        self.category = category
        self.type = type
        self.heard = heard
        self.answerText = answerText
    }

    public var isCorrect: Bool { outcome == .correct }
}
