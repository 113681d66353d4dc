import BrainyKit
import Foundation
import GRDB

extension AppDatabase: LearningRepository {
    public func playerRatings(userId: String) throws(StoreError) -> [QuizCategory: Rating] {
        try read { db in
            var ratings: [QuizCategory: Rating] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT category, value, answers FROM playerRating WHERE userId = ?",
                                        arguments: [userId]) {
                guard let category = QuizCategory(rawValue: row["category"]) else { continue }
                ratings[category] = Rating(value: row["value"], answers: row["answers"])
            }
            return ratings
        }
    }

    public func ratingHistory(userId: String, category: QuizCategory, limit: Int) throws(StoreError) -> [Rating] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT value, answers FROM ratingHistory WHERE userId = ? AND category = ? ORDER BY at DESC LIMIT ?
                """, arguments: [userId, category.rawValue, limit])
                .map { Rating(value: $0["value"], answers: $0["answers"]) }.reversed()
        }
    }

    public func ratedCandidates(category: QuizCategory, generated: Bool, voiceOnly: Bool, unsolvedBy userId: String?,
                                sample: CandidateSample?) throws(StoreError) -> [String: Rating] {
        try read { db in
            // A large category is sampled: about one question in `every`, by a hash of its rowid and the seed (a
            // product modulo a prime, which scrambles rowids in steps too), so that the filter reads no row.
            var every = 1
            if let sample {
                let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM question WHERE category = ? AND removedAt IS NULL",
                                             arguments: [category.rawValue]) ?? 0
                every = max(1, total / max(1, sample.atMost))
            }
            let offset = Int64((sample?.seed ?? 0) % 1_000_003)
            // Generated ids ("ai-…") as a range of the category index, so that AI mode's few hundred are read
            // without the bank's rows.
            let made = "q.id >= 'ai-' AND q.id < 'ai.'"
            let rows = try Row.fetchAll(db, sql: """
                SELECT q.id, q.difficulty, r.value, r.answers FROM question q
                LEFT JOIN questionRating r ON r.questionId = q.id
                WHERE q.category = ? AND q.removedAt IS NULL AND \(generated ? made : "NOT (\(made))")
                  AND (NOT ? OR q.voice)
                  AND (? = 1 OR ((q.rowid + ?) * 2654435761) % 1000003 % ? = 0)
                  AND (? IS NULL OR NOT EXISTS (
                    SELECT 1 FROM solvedQuestion s WHERE s.userId = ? AND s.category = q.category AND s.questionId = q.id))
                """, arguments: [category.rawValue, voiceOnly, every, offset, every, userId, userId])
            var candidates: [String: Rating] = [:]
            for row in rows {
                let id: String = row["id"]
                if let value: Double = row["value"] {
                    candidates[id] = Rating(value: value, answers: row["answers"])
                } else {
                    candidates[id] = Rating.start(for: Difficulty(rawValue: row["difficulty"]) ?? .medium)
                }
            }
            return candidates
        }
    }

    public func repeatingTheBank(_ questions: [Question]) throws(StoreError) -> Set<String> {
        try read { db in
            let statements = try ["ko", "en"].map { language in
                try db.makeStatement(sql: """
                    SELECT 1 FROM question WHERE \(QuestionRecord.textExpression(language)) = lower(?)
                      AND \(QuestionRecord.isBankQuestion) LIMIT 1
                    """)
            }
            var repeating: Set<String> = []
            for question in questions {
                if try Bool.fetchOne(statements[0], arguments: [question.ko.text]) != nil
                    || Bool.fetchOne(statements[1], arguments: [question.en.text]) != nil {
                    repeating.insert(question.id)
                }
            }
            return repeating
        }
    }

    public func saveGenerated(_ questions: [Question], origin: String, now: Date) throws(StoreError) {
        try write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO question (id, packId, category, difficulty, voice, body, removedAt)
                VALUES (?, ?, ?, ?, ?, ?, NULL)
                ON CONFLICT(id) DO UPDATE SET packId = excluded.packId, category = excluded.category,
                  difficulty = excluded.difficulty, voice = excluded.voice, body = excluded.body, removedAt = NULL
                """)
            let encoder = JSONEncoder()
            for question in questions {
                let body = try encoder.encode(QuestionRecord.Body(ko: question.ko, en: question.en))
                try statement.execute(arguments: [question.id, origin, question.category.rawValue,
                                                  question.difficulty.rawValue, question.voice, body])
            }
            try db.execute(sql: """
                INSERT INTO questionPack (id, version, importedAt, questionCount)
                VALUES (?, 'generated', ?, (SELECT count(*) FROM question WHERE id >= 'ai-' AND id < 'ai.' AND packId = ?))
                ON CONFLICT(id) DO UPDATE SET importedAt = excluded.importedAt, questionCount = excluded.questionCount
                """, arguments: [origin, now, origin])
        }
    }

    public func redeal(quizId: String, dealt: [DealtQuestion]) throws(StoreError) {
        guard claims.holds(quizId) else { throw .quizHeldElsewhere(quizId: quizId) }
        try write { db in
            try db.execute(sql: "UPDATE quiz SET dealt = ? WHERE id = ?", arguments: [try JSONEncoder().encode(dealt), quizId])
        }
    }

    public func importQuestionRatings(_ ratings: [String: Rating]) throws(StoreError) {
        try write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO questionRating (questionId, value, answers) VALUES (?, ?, ?)
                ON CONFLICT(questionId) DO UPDATE SET value = excluded.value, answers = excluded.answers
                """)
            for (id, rating) in ratings { try statement.execute(arguments: [id, rating.value, rating.answers]) }
        }
    }

    /// One answer teaches the learner model: the player's rating in the category and the question's move by the
    /// surprise. Runs in the transaction that saves the answer; a skip or a late answer counts as not right.
    static func learn(from record: AnswerRecord, in db: Database) throws {
        // Prepared once per connection: a restore from the server runs these for every answer it keeps.
        let player = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT value, answers FROM playerRating WHERE userId = ? AND category = ?
            """), arguments: [record.userId, record.category.rawValue])
            .map { Rating(value: $0["value"], answers: $0["answers"]) } ?? .newPlayer
        let question = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT value, answers FROM questionRating WHERE questionId = ?"),
            arguments: [record.questionId]).map { Rating(value: $0["value"], answers: $0["answers"]) }
            ?? Rating.start(for: Difficulty(rawValue: try String.fetchOne(
                db.cachedStatement(sql: "SELECT difficulty FROM question WHERE id = ?"),
                arguments: [record.questionId]) ?? "") ?? .medium)
        let (moved, learnt) = LearnerModel.update(player: player, question: question, correct: record.isCorrect)
        try db.cachedStatement(sql: """
            INSERT INTO playerRating (userId, category, value, answers, updatedAt) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(userId, category) DO UPDATE SET value = excluded.value, answers = excluded.answers,
              updatedAt = excluded.updatedAt
            """).execute(arguments: [record.userId, record.category.rawValue, moved.value, moved.answers,
                                     record.answeredAt])
        try db.cachedStatement(sql: """
            INSERT INTO questionRating (questionId, value, answers) VALUES (?, ?, ?)
            ON CONFLICT(questionId) DO UPDATE SET value = excluded.value, answers = excluded.answers
            """).execute(arguments: [record.questionId, learnt.value, learnt.answers])
    }

    /// The player's rating as a quiz ends, for `stats` to show how it moved.
    static func noteRating(after quiz: Quiz, at date: Date, in db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO ratingHistory (userId, category, quizId, value, answers, at)
            SELECT userId, category, ?, value, answers, ? FROM playerRating WHERE userId = ? AND category = ?
            """, arguments: [quiz.id, date, quiz.userId, quiz.category.rawValue])
    }
}
