import BrainyKit
import Foundation
import GRDB

/// A question row: the searchable columns apart, both languages' texts together in `body` (JSON).
struct QuestionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "question"

    struct Body: Codable {
        var ko: Question.Text
        var en: Question.Text
    }

    var id: String
    var packId: String
    var category: String
    var difficulty: String
    var voice: Bool
    var body: Data
    var removedAt: Date?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let packId = Column(CodingKeys.packId)
        static let category = Column(CodingKeys.category)
        static let removedAt = Column(CodingKeys.removedAt)
    }

    init(_ question: Question, packId: String) throws {
        id = question.id
        self.packId = packId
        category = question.category.rawValue
        difficulty = question.difficulty.rawValue
        voice = question.voice
        body = try JSONEncoder().encode(Body(ko: question.ko, en: question.en))
        removedAt = nil
    }

    init(row: Row) {
        id = row["id"]
        packId = row["packId"]
        category = row["category"]
        difficulty = row["difficulty"]
        voice = row["voice"]
        body = row["body"]
        removedAt = row["removedAt"]
    }

    /// The SQL that tells a bank question from one AI mode made (`ai-…` ids), as the text indexes are restricted.
    static let isBankQuestion = "substr(id, 1, 3) <> 'ai-'"

    /// The SQL of a language's question text, lower-cased, as the text indexes hold it (migration v7).
    static func textExpression(_ language: String) -> String {
        "lower(json_extract(CAST(body AS TEXT), '$.\(language).text'))"
    }

    func question() throws -> Question {
        let texts = try JSONDecoder().decode(Body.self, from: body)
        return Question(id: id, category: QuizCategory(rawValue: category) ?? .general,
                        difficulty: Difficulty(rawValue: difficulty) ?? .medium, voice: voice, ko: texts.ko, en: texts.en)
    }
}
