import BrainyKit
import Foundation
import GRDB

struct QuizRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "quiz"

    var id: String
    var userId: String
    var type: String
    var category: String
    var format: String
    var selection: String
    var stage: Int?
    var dealt: Data
    var questionCount: Int
    var status: String
    var startedAt: Date
    var finishedAt: Date?
    var correctCount: Int
    var answeredCount: Int
    var duration: Double
    var needsSync: Bool
    var lastModified: Date
    var syncedAt: Date?
    var heldBy: Int32?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let type = Column(CodingKeys.type)
        static let category = Column(CodingKeys.category)
        static let status = Column(CodingKeys.status)
        static let startedAt = Column(CodingKeys.startedAt)
    }

    init(_ quiz: Quiz, modifiedAt: Date) throws {
        id = quiz.id
        userId = quiz.userId
        type = quiz.type.rawValue
        category = quiz.category.rawValue
        format = quiz.format.rawValue
        selection = quiz.selection.rawValue
        stage = quiz.stage
        dealt = try JSONEncoder().encode(quiz.dealt)
        questionCount = quiz.dealt.count
        status = quiz.status.rawValue
        startedAt = quiz.startedAt
        finishedAt = quiz.finishedAt
        correctCount = quiz.correctCount
        answeredCount = quiz.answeredCount
        duration = quiz.duration
        needsSync = true
        lastModified = modifiedAt
        syncedAt = nil
        heldBy = getpid()
    }

    init(row: Row) {
        id = row["id"]
        userId = row["userId"]
        type = row["type"]
        category = row["category"]
        format = row["format"]
        selection = row["selection"]
        stage = row["stage"]
        dealt = row["dealt"]
        questionCount = row["questionCount"]
        status = row["status"]
        startedAt = row.storedDate("startedAt")
        finishedAt = row.storedDateIfAny("finishedAt")
        correctCount = row["correctCount"]
        answeredCount = row["answeredCount"]
        duration = row["duration"]
        needsSync = row["needsSync"]
        lastModified = row.storedDate("lastModified")
        syncedAt = row.storedDateIfAny("syncedAt")
        heldBy = row["heldBy"]
    }

    func quiz() throws -> Quiz {
        Quiz(id: id, userId: userId, type: QuizType(rawValue: type) ?? .multipleChoice,
             category: QuizCategory(rawValue: category) ?? .general, format: QuizFormat(rawValue: format) ?? .individual,
             selection: QuestionSelection(rawValue: selection) ?? .random, stage: stage,
             dealt: try JSONDecoder().decode([DealtQuestion].self, from: dealt),
             status: QuizStatus(rawValue: status) ?? .finished, startedAt: startedAt, finishedAt: finishedAt,
             correctCount: correctCount, answeredCount: answeredCount, duration: duration)
    }
}

struct QuizResultRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "quizResult"

    var id: String
    var quizId: String
    var userId: String
    var questionId: String
    var position: Int
    var givenAnswer: String
    var outcome: String
    var hintUsed: Bool
    var timeSpent: Double
    var answeredAt: Date
    var category: String
    var type: String
    var needsSync: Bool
    var lastModified: Date
    var syncedAt: Date?
    var heard: String?
    var answerText: String?

    enum Columns {
        static let quizId = Column(CodingKeys.quizId)
        static let position = Column(CodingKeys.position)
    }

    init(_ record: AnswerRecord) {
        id = record.id
        quizId = record.quizId
        userId = record.userId
        questionId = record.questionId
        position = record.position
        givenAnswer = record.givenAnswer
        outcome = record.outcome.rawValue
        hintUsed = record.hintUsed
        timeSpent = record.timeSpent
        answeredAt = record.answeredAt
        category = record.category.rawValue
        type = record.type.rawValue
        needsSync = true
        lastModified = record.answeredAt
        syncedAt = nil
        heard = record.heard
        answerText = record.answerText
    }

    init(row: Row) {
        id = row["id"]
        quizId = row["quizId"]
        userId = row["userId"]
        questionId = row["questionId"]
        position = row["position"]
        givenAnswer = row["givenAnswer"]
        outcome = row["outcome"]
        hintUsed = row["hintUsed"]
        timeSpent = row["timeSpent"]
        answeredAt = row.storedDate("answeredAt")
        category = row["category"]
        type = row["type"]
        needsSync = row["needsSync"]
        lastModified = row.storedDate("lastModified")
        syncedAt = row.storedDateIfAny("syncedAt")
        heard = row["heard"]
        answerText = row["answerText"]
    }

    var answer: AnswerRecord {
        AnswerRecord(id: id, quizId: quizId, userId: userId, questionId: questionId, position: position,
                     givenAnswer: givenAnswer, outcome: AnswerOutcome(rawValue: outcome) ?? .wrong, hintUsed: hintUsed,
                     timeSpent: timeSpent, answeredAt: answeredAt, category: QuizCategory(rawValue: category) ?? .general,
                     type: QuizType(rawValue: type) ?? .multipleChoice, heard: heard, answerText: answerText)
    }
}
