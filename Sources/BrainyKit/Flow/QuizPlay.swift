import Foundation

/// A quiz being played: the dealt questions, the answers so far, and the open question.
public struct QuizPlay: Equatable, Sendable {
    public var quiz: Quiz
    /// The questions in dealt order.
    public var questions: [Question]
    public var answers: [AnswerRecord]
    /// The question open now (or whose feedback is shown), from 0.
    public var index: Int
    public var questionShownAt: Date
    public var hintUsedOnCurrent: Bool = false
    /// Shown positions removed by a multiple-choice hint.
    public var removedPositions: [Int] = []
    /// The questions a hint was used on (by position), with the options it removed.
    public var usedHints: [Int: [Int]] = [:]

    public init(quiz: Quiz, questions: [Question], answers: [AnswerRecord] = [], questionShownAt: Date,
                usedHints: [Int: [Int]] = [:]) {
        self.quiz = quiz
        self.questions = questions
        self.answers = answers
        self.index = answers.count
        self.questionShownAt = questionShownAt
        self.usedHints = usedHints
        openQuestion(at: answers.count, shownAt: questionShownAt)
    }

    /// Moves to the question at `index`, showing again a hint already used on it.
    public mutating func openQuestion(at index: Int, shownAt: Date) {
        self.index = index
        questionShownAt = shownAt
        hintUsedOnCurrent = usedHints[index] != nil
        removedPositions = usedHints[index] ?? []
    }

    public var current: Question? { index < questions.count ? questions[index] : nil }
    public var isLastQuestion: Bool { index >= questions.count - 1 }
    public var allAnswered: Bool { answers.count >= questions.count }
    public var correctCount: Int { answers.filter(\.isCorrect).count }

    /// The options of the open question in the order shown, in `language`.
    public func shownOptions(in language: Language) -> [String] {
        guard let question = current else { return [] }
        return Self.shownOptions(of: question, dealt: quiz.dealt[index], in: language)
    }

    public static func shownOptions(of question: Question, dealt: DealtQuestion, in language: Language) -> [String] {
        let options = question.text(in: language).options
        let order = dealt.optionOrder.count == options.count ? dealt.optionOrder : Array(options.indices)
        return order.map { options[$0] }
    }

    /// Whether the open question's options are labelled A–D (they are numbers) instead of 1–4.
    public var usesLetterLabels: Bool {
        OptionLabels.usesLetters([shownOptions(in: .ko), shownOptions(in: .en)])
    }

    /// The labels of the open question's options, in the order shown.
    public var optionLabels: [String] {
        OptionLabels.labels(count: shownOptions(in: .ko).count, letters: usesLetterLabels)
    }

    /// The shown position (from 0) of the correct option of the open question.
    public var correctPosition: Int {
        guard let question = current else { return 0 }
        return quiz.dealt[index].optionOrder.firstIndex(of: question.answerIndex) ?? question.answerIndex
    }
}

/// What the player is told after answering.
public struct AnswerFeedback: Equatable, Sendable {
    public var record: AnswerRecord
    public var question: Question
    /// The shown number (from 1) of the correct option in multiple choice.
    public var correctNumber: Int?
    /// How the correct option is labelled on screen: its number, or its letter when the options are numbers.
    public var correctLabel: String?
    public var timeLimit: Int
    /// No answer came: the question's time ran out and the flow closed it.
    public var closedByTimer = false

    public init(record: AnswerRecord, question: Question, correctNumber: Int?, timeLimit: Int) {
        self.record = record
        self.question = question
        self.correctNumber = correctNumber
        self.timeLimit = timeLimit
    }
}

/// A hint for the open question.
public enum Hint: Equatable, Sendable {
    /// Shown positions (from 0) of the options that were removed.
    case removedOptions([Int])
    /// The answer's initial consonants or first letters, per language.
    case text(Localized)
}

/// What the player is told when a quiz ends.
public struct QuizSummary: Equatable, Sendable {
    public var quiz: Quiz
    /// In stage format: whether the stage was passed.
    public var stagePassed: Bool?
    public var hintEarned: Bool

    public init(quiz: Quiz, stagePassed: Bool?, hintEarned: Bool) {
        self.quiz = quiz
        self.stagePassed = stagePassed
        self.hintEarned = hintEarned
    }
}
