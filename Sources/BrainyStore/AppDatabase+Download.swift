import BrainyKit
import Foundation
import GRDB

extension AppDatabase: SyncDownloadRepository {
    public func downloadCursor(key: String) throws(StoreError) -> Int64 {
        try syncValue(key).flatMap { Int64($0) } ?? 0
    }

    public func keepDownloadedPage(_ page: DownloadedPage, userId: String, cursorKey key: String, timeZone: TimeZone,
                                   now: Date) throws(StoreError) -> DownloadedCounts {
        let stamp = now.databaseValue
        return try write { db in
            var counts = DownloadedCounts()
            var touched: Set<String> = []
            // A quiz from the server is over (one in progress never travels): finished, or abandoned when it has no
            // end. What the server does not keep (how it was dealt) is left empty; its answers fill `dealt` below, and
            // a stage quiz's number the server does not send (stored before it kept them) is guessed from them.
            // Synced already: it is never sent back. `heldBy` 0 (no process is 0) marks it as kept from the server, so
            // that only such quizzes are filled from their answers.
            let insertQuiz = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO quiz (id, userId, type, category, format, selection, stage, dealt, questionCount,
                                            status, startedAt, finishedAt, correctCount, answeredCount, duration,
                                            needsSync, lastModified, syncedAt, heldBy)
                VALUES (?, ?, ?, ?, ?, 'random', ?, CAST('[]' AS BLOB), ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, 0)
                """)
            for quiz in page.quizzes {
                let status = quiz.finishedAt == nil ? QuizStatus.abandoned : .finished
                // Only a stage quiz has a number, and stages count from 1.
                let stage = quiz.format == .stage ? quiz.stage.flatMap { $0 > 0 ? $0 : nil } : nil
                try insertQuiz.execute(arguments: [
                    quiz.id, userId, quiz.type.rawValue, quiz.category.rawValue, quiz.format.rawValue, stage,
                    quiz.questionCount, status.rawValue, quiz.startedAt, quiz.finishedAt, quiz.correctCount,
                    quiz.finishedAt ?? quiz.startedAt, stamp])
                guard db.changesCount > 0 else { continue }
                counts.quizzes += 1
                touched.insert(quiz.id)
                // As finishing or abandoning a quiz counts it.
                try db.cachedStatement(sql: """
                    INSERT INTO categoryTotal (userId, category, quizzes) VALUES (?, ?, 1)
                    ON CONFLICT(userId, category) DO UPDATE SET quizzes = quizzes + 1
                    """).execute(arguments: [userId, quiz.category.rawValue])
                try db.cachedStatement(sql: """
                    INSERT INTO typeTotal (userId, type, quizzes) VALUES (?, ?, 1)
                    ON CONFLICT(userId, type) DO UPDATE SET quizzes = quizzes + 1
                    """).execute(arguments: [userId, quiz.type.rawValue])
            }
            let owner = try db.cachedStatement(sql: "SELECT userId FROM quiz WHERE id = ?")
            // The options' order as shown, per quiz and question, of the answers kept from this page.
            var shownOrders: [String: [String: [Int]]] = [:]
            let insertResult = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO quizResult (id, quizId, userId, questionId, position, givenAnswer, outcome, hintUsed,
                                                  timeSpent, answeredAt, category, type, needsSync, lastModified,
                                                  syncedAt, answerText)
                VALUES (?, ?, ?, ?, (SELECT count(*) FROM quizResult WHERE quizId = ?), ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
                """)
            for result in page.results {
                // Only into this user's quizzes: a result whose quiz the server never held has nowhere to go.
                guard try String.fetchOne(owner, arguments: [result.quizId]) == userId else {
                    if try !Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM quizResult WHERE id = ?)"),
                                          arguments: [result.id])! {
                        counts.orphans += 1
                    }
                    continue
                }
                // Its storage text made once (a date formatter's work) for the statements below.
                let answeredAt = result.answeredAt.databaseValue
                try insertResult.execute(arguments: [
                    result.id, result.quizId, userId, result.questionId, result.quizId,
                    result.given ?? result.answer ?? "", result.outcome.rawValue, result.hintUsed, result.timeSpent, answeredAt,
                    result.category.rawValue, result.type.rawValue, answeredAt, stamp, result.answer])
                guard db.changesCount > 0 else { continue }
                counts.results += 1
                touched.insert(result.quizId)
                if let order = result.optionOrder { shownOrders[result.quizId, default: [:]][result.questionId] = order }
                try Self.count(result, answeredAt: answeredAt, userId: userId, timeZone: timeZone, in: db)
            }
            // The quizzes' dealt questions, answered count and time, from the answers they now hold; a stage quiz's
            // number, when the server sent none, from the stage of this device's pack that holds its first answer.
            var stagePlans: [String: [[String]]] = [:]
            let encoder = JSONEncoder()
            let decoder = JSONDecoder()
            // What is kept of the quiz, in one read: the orders of earlier pages, and what its stage is guessed from.
            let kept = try db.cachedStatement(sql: """
                SELECT dealt, category, type, format, stage FROM quiz WHERE id = ? AND heldBy = 0
                """)
            for quizId in touched.sorted() {
                guard let quiz = try Row.fetchOne(kept, arguments: [quizId]) else { continue }
                let rows = try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT questionId, timeSpent FROM quizResult WHERE quizId = ? ORDER BY position
                    """), arguments: [quizId])
                // Orders kept from earlier pages stay in `dealt`; this page's join them.
                var orders = shownOrders[quizId] ?? [:]
                if let before = try? decoder.decode([DealtQuestion].self, from: (quiz["dealt"] as Data?) ?? Data()) {
                    for question in before where orders[question.questionId] == nil && !question.optionOrder.isEmpty {
                        orders[question.questionId] = question.optionOrder
                    }
                }
                let dealt = rows.map { row -> DealtQuestion in
                    let questionId: String = row["questionId"]
                    return DealtQuestion(questionId: questionId, optionOrder: orders[questionId] ?? [])
                }
                let known: Int? = quiz["stage"]
                let stage = try known ?? rows.first.flatMap { first in
                    try Self.stageNumber(of: quiz, holding: first["questionId"], plans: &stagePlans, in: db)
                }
                try db.cachedStatement(sql: """
                    UPDATE quiz SET dealt = ?, answeredCount = ?, duration = ?, stage = ? WHERE id = ?
                    """).execute(arguments: [try encoder.encode(dealt), rows.count,
                                     rows.reduce(0.0) { $0 + ($1["timeSpent"] as Double) }, stage, quizId])
            }
            try db.execute(sql: """
                INSERT INTO syncState (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, String(page.cursor)])
            return counts
        }
    }

    /// The number of a stage quiz kept from the server that sent none: the stage holding `questionId` in this pack's
    /// plan for the quiz's category (of voice-ready questions for a voice quiz, as stages are dealt). Nil for another
    /// format, or when this pack has no such question in its stages.
    private static func stageNumber(of quiz: Row, holding questionId: String, plans: inout [String: [[String]]],
                                    in db: Database) throws -> Int? {
        guard QuizFormat(rawValue: quiz["format"]) == .stage, let category = QuizCategory(rawValue: quiz["category"]),
              let type = QuizType(rawValue: quiz["type"]) else { return nil }
        let key = "\(category.rawValue) \(type.needsVoiceReadyQuestions)"
        if plans[key] == nil {
            plans[key] = StagePlan.stages(of: try stageCandidates(category: category,
                                                                  voiceOnly: type.needsVoiceReadyQuestions, in: db))
        }
        return plans[key]?.firstIndex { $0.contains(questionId) }.map { $0 + 1 }
    }

    /// What answering counts (`saveAnswer`), for an answer given on another device: solved questions, totals per
    /// category and type, the days played, the learner model.
    private static func count(_ result: UploadedResult, answeredAt: DatabaseValue, userId: String, timeZone: TimeZone,
                              in db: Database) throws {
        // Prepared once per connection: a restore runs these for every answer.
        let correct = result.outcome == .correct ? 1 : 0
        if result.outcome != .skipped {
            try db.cachedStatement(sql: """
                INSERT INTO solvedQuestion (userId, category, questionId, firstAnsweredAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(userId, category, questionId) DO UPDATE SET
                  firstAnsweredAt = min(firstAnsweredAt, excluded.firstAnsweredAt)
                """).execute(arguments: [userId, result.category.rawValue, result.questionId, answeredAt])
        }
        try db.cachedStatement(sql: """
            INSERT INTO categoryTotal (userId, category, answered, correct, timeSpent, lastPlayedAt)
            VALUES (?, ?, 1, ?, ?, ?)
            ON CONFLICT(userId, category) DO UPDATE SET answered = answered + 1,
              correct = correct + excluded.correct, timeSpent = timeSpent + excluded.timeSpent,
              lastPlayedAt = max(coalesce(lastPlayedAt, excluded.lastPlayedAt), excluded.lastPlayedAt)
            """).execute(arguments: [userId, result.category.rawValue, correct, result.timeSpent, answeredAt])
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO playDay (userId, day) VALUES (?, ?)")
            .execute(arguments: [userId, StreakCalculator.dayNumber(of: result.answeredAt, timeZone: timeZone)])
        try db.cachedStatement(sql: """
            INSERT INTO typeTotal (userId, type, answered, correct, timeSpent) VALUES (?, ?, 1, ?, ?)
            ON CONFLICT(userId, type) DO UPDATE SET answered = answered + 1, correct = correct + excluded.correct,
              timeSpent = timeSpent + excluded.timeSpent
            """).execute(arguments: [userId, result.type.rawValue, correct, result.timeSpent])
        try learn(from: AnswerRecord(
            id: result.id, quizId: result.quizId, userId: userId, questionId: result.questionId, position: 0,
            givenAnswer: result.answer ?? "", outcome: result.outcome, hintUsed: result.hintUsed,
            timeSpent: result.timeSpent, answeredAt: result.answeredAt, category: result.category, type: result.type,
            answerText: result.answer), in: db)
    }
}
