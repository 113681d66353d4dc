import BrainyKit
import Foundation
import GRDB

extension AppDatabase: QuestionRepository {
    public func questions(ids: [String]) throws(StoreError) -> [Question] {
        try read { db in
            let records = try QuestionRecord.filter(keys: ids).fetchAll(db)
            let byId = Dictionary(uniqueKeysWithValues: try records.map { ($0.id, try $0.question()) })
            return ids.compactMap { byId[$0] }
        }
    }

    public func candidateIds(category: QuizCategory, unsolvedBy userId: String?, voiceOnly: Bool) throws(StoreError) -> [String] {
        try read { db in
            // Both lists come out of their indexes in id order, so the unsolved ones are a linear merge away; SQL's
            // NOT IN (a temporary table of every solved id) or NOT EXISTS (a seek per question) cost twice as much.
            // `NOT ? OR voice`, in that order: when the quiz is not a voice quiz SQLite stops at `NOT ?` and never
            // reads the row for `voice`, which the index does not hold (`voice OR NOT ?` read all 20,000 rows of a
            // category: 33 ms instead of 4 for `start random 10` over 100,000 questions).
            let all = try String.fetchAll(db, sql: """
                SELECT id FROM question WHERE category = ? AND removedAt IS NULL AND (NOT ? OR voice)
                  AND substr(id, 1, 3) <> 'ai-' ORDER BY id
                """, arguments: [category.rawValue, voiceOnly])
            guard let userId else { return all }
            let solved = try String.fetchAll(db, sql: """
                SELECT questionId FROM solvedQuestion WHERE userId = ? AND category = ? ORDER BY questionId
                """, arguments: [userId, category.rawValue])
            return SortedIds.subtracting(solved, from: all)
        }
    }

    public func stageCandidates(category: QuizCategory, voiceOnly: Bool) throws(StoreError) -> [(id: String, difficulty: Difficulty)] {
        try read { db in try Self.stageCandidates(category: category, voiceOnly: voiceOnly, in: db) }
    }

    static func stageCandidates(category: QuizCategory, voiceOnly: Bool, in db: Database) throws
        -> [(id: String, difficulty: Difficulty)] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, difficulty FROM question WHERE category = ? AND removedAt IS NULL AND (NOT ? OR voice)
              AND substr(id, 1, 3) <> 'ai-'
            """, arguments: [category.rawValue, voiceOnly])
        return rows.map { (id: $0["id"], difficulty: Difficulty(rawValue: $0["difficulty"]) ?? .medium) }
    }

    public func packSummary() throws(StoreError) -> PackSummary {
        try read { db in
            // The pack is the bank: AI mode's questions (ids "ai-…", packs "ai-…") are counted apart.
            let version = try String.fetchOne(db, sql: """
                SELECT version FROM questionPack WHERE substr(id, 1, 3) <> 'ai-' ORDER BY importedAt DESC LIMIT 1
                """)
            var perCategory: [QuizCategory: Int] = [:]
            var perDifficulty: [Difficulty: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT category, difficulty, count(*) AS n FROM question
                WHERE removedAt IS NULL AND NOT (id >= 'ai-' AND id < 'ai.') GROUP BY 1, 2
                """) {
                let count: Int = row["n"]
                if let category = QuizCategory(rawValue: row["category"]) { perCategory[category, default: 0] += count }
                if let difficulty = Difficulty(rawValue: row["difficulty"]) { perDifficulty[difficulty, default: 0] += count }
            }
            let voice = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM question WHERE voice AND removedAt IS NULL AND NOT (id >= 'ai-' AND id < 'ai.')
                """) ?? 0
            var generated: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT packId, count(*) AS n FROM question WHERE id >= 'ai-' AND id < 'ai.' AND removedAt IS NULL GROUP BY 1
                """) {
                generated[row["packId"]] = row["n"]
            }
            return PackSummary(version: version, countPerCategory: perCategory, countPerDifficulty: perDifficulty,
                               voiceCount: voice, generatedCount: generated)
        }
    }
}

extension AppDatabase {
    /// The version of a pack as last imported, or nil.
    public func importedVersion(ofPack packId: String) throws(StoreError) -> String? {
        try plainRows("SELECT version FROM questionPack WHERE id = ?", [packId]).first.flatMap { $0[0] }
    }

    /// Imports a pack in one transaction, by stable id: new questions are added, changed ones updated, and questions
    /// the pack no longer holds are marked removed (they stay readable in history). Importing twice changes nothing.
    @discardableResult
    public func importPack(_ pack: QuestionPack, now: Date) throws(StoreError) -> Int {
        try PackValidator.check(pack)
        return try write { db in
            for question in pack.questions {
                var record = try QuestionRecord(question, packId: pack.id)
                try record.upsert(db)
            }
            // The pack's ids go through a temporary table: a large pack would pass SQLite's limit of bound values.
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS importedId (id TEXT PRIMARY KEY)")
            try db.execute(sql: "DELETE FROM importedId")
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO importedId (id) VALUES (?)")
            for question in pack.questions { try insert.execute(arguments: [question.id]) }
            try db.execute(sql: """
                UPDATE question SET removedAt = ?
                WHERE packId = ? AND removedAt IS NULL AND id NOT IN (SELECT id FROM importedId)
                """, arguments: [now, pack.id])
            try db.execute(sql: "DELETE FROM importedId")
            try db.execute(sql: """
                INSERT INTO questionPack (id, version, importedAt, questionCount) VALUES (?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET version = excluded.version, importedAt = excluded.importedAt,
                  questionCount = excluded.questionCount
                """, arguments: [pack.id, pack.version, now, pack.questions.count])
            return pack.questions.count
        }
    }
}

/// Set difference of two id lists sorted in SQLite's binary (UTF-8 byte) order.
enum SortedIds {
    static func subtracting(_ removed: [String], from all: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(max(0, all.count - removed.count))
        var j = 0
        for id in all {
            while j < removed.count, removed[j].utf8.lexicographicallyPrecedes(id.utf8) { j += 1 }
            if j < removed.count, removed[j] == id { continue }
            result.append(id)
        }
        return result
    }
}

/// What every question of a pack must hold for the shell to play it: four distinct options in each language, the
/// answer among them at the same place. A pack that breaks this is refused whole, before anything is written.
enum PackValidator {
    static func check(_ pack: QuestionPack) throws(StoreError) {
        for question in pack.questions {
            for text in [question.ko, question.en] {
                guard text.options.count == 4, Set(text.options).count == 4, text.answerIndex != nil else {
                    throw .invalidPack(questionId: question.id, .notFourDistinctOptionsWithTheAnswer)
                }
            }
            guard question.ko.answerIndex == question.en.answerIndex else {
                throw .invalidPack(questionId: question.id, .answerAtDifferentPlaces)
            }
        }
    }
}
