import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: ResultStore {
    /// The results and quizzes the account sent since a time (the daily quota). Reads
    /// result_on_account_id_received_at and quiz_on_account_id_received_at.
    static func receivedSince(accountId: String, since: Date) -> PostgresQuery {
        """
        SELECT (SELECT count(*) FROM result WHERE account_id = \(accountId) AND received_at >= \(since)) AS results,
               (SELECT count(*) FROM quiz WHERE account_id = \(accountId) AND received_at >= \(since)) AS quizzes
        """
    }

    public func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date,
                             quota: StorageQuota) async throws -> ResultUploadResponse? {
        try await transaction { connection in
            // Locks the account: one upload of an account at a time, whichever instance it reaches, so that a batch
            // sent twice at once is stored once. (NO KEY: rows that reference the account may still be added.)
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(userId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            let today = UTCDay.start(of: receivedAt)
            let before = try await connection.rows(Self.receivedSince(accountId: userId, since: today),
                                                   logger: logger).first
            let resultsBefore: Int = try before?.value("results") ?? 0
            let quizzesBefore: Int = try before?.value("quizzes") ?? 0
            // Set-based: a shell's batch (1,000 results, 200 quizzes) is a handful of statements, not thousands, so
            // that it fits the database deadline.
            var touched: Set<String> = []
            var acceptedQuizzes: [String] = []
            var accepted: [String] = []
            var refusals: [ResultRefusal] = []
            var quizOwners = try await owners(in: "quiz", ids: Array(Set(quizzes.map(\.id) + results.map(\.result.quizId))),
                                              on: connection)
            var quizzesToInsert: [UploadedQuiz] = []
            var seenQuizzes: Set<String> = []
            for quiz in quizzes where quizOwners[quiz.id] == nil && seenQuizzes.insert(quiz.id).inserted {
                quizzesToInsert.append(quiz)
            }
            let insertedQuizzes = try await insert(quizzesToInsert, userId: userId, receivedAt: receivedAt,
                                                   on: connection)
            for id in insertedQuizzes { quizOwners[id] = userId }
            touched.formUnion(insertedQuizzes)
            for quiz in quizzes {
                if quizOwners[quiz.id] == userId {
                    acceptedQuizzes.append(quiz.id)
                } else {
                    // Another account's, or stored by another account meanwhile.
                    refusals.append(ResultRefusal(id: quiz.id, reason: .idTaken))
                }
            }
            var resultOwners = try await owners(in: "result", ids: results.map(\.result.id), on: connection)
            var resultsToInsert: [CheckedResult] = []
            for checked in results {
                let result = checked.result
                if resultOwners[result.id] != nil { continue }
                if let owner = quizOwners[result.quizId], owner != userId { continue }
                resultOwners[result.id] = "(this batch)"
                resultsToInsert.append(checked)
            }
            let insertedResults = try await insert(resultsToInsert, userId: userId, receivedAt: receivedAt,
                                                   on: connection)
            let stored = try await owners(in: "result", ids: results.map(\.result.id), on: connection)
            for checked in results {
                let result = checked.result
                if insertedResults.contains(result.id) {
                    touched.insert(result.quizId)
                    accepted.append(result.id)
                } else if let owner = stored[result.id] {
                    // Sent before: held already (the batch is idempotent), or another account's.
                    if owner == userId {
                        accepted.append(result.id)
                    } else {
                        refusals.append(ResultRefusal(id: result.id, reason: .idTaken))
                    }
                } else {
                    // Never stored: it named another account's quiz.
                    refusals.append(ResultRefusal(id: result.id, reason: .notYourQuiz))
                }
            }
            let newQuizzes = insertedQuizzes.count
            let newResults = insertedResults.count
            // Rolled back whole: the device keeps everything and tries again another day.
            if resultsBefore + newResults > quota.resultsPerDay {
                throw QuotaExceeded(what: "results", limit: quota.resultsPerDay)
            }
            if quizzesBefore + newQuizzes > quota.quizzesPerDay {
                throw QuotaExceeded(what: "quizzes", limit: quota.quizzesPerDay)
            }
            try await judge(quizIds: touched.sorted(), accountId: userId, at: receivedAt, on: connection)
            return ResultUploadResponse(accepted: accepted, acceptedQuizzes: acceptedQuizzes,
                                        rejected: refusals.map(\.id), refusals: refusals)
        }
    }

    /// The account holding each of the rows `ids` of `table` (quiz or result) that exist.
    private func owners(in table: String, ids: [String], on connection: PostgresConnection) async throws
        -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        var owners: [String: String] = [:]
        for row in try await connection.rows("""
            SELECT id, account_id FROM \(unescaped: table) WHERE id = ANY(\(ids))
            """, logger: logger) {
            owners[try row.value("id")] = try row.value("account_id")
        }
        return owners
    }

    /// Inserts the quizzes (ids new in the batch), returning the ids stored (not those another account stored
    /// meanwhile).
    private func insert(_ quizzes: [UploadedQuiz], userId: String, receivedAt: Date,
                        on connection: PostgresConnection) async throws -> Set<String> {
        guard !quizzes.isEmpty else { return [] }
        // An array cannot hold NULL here: a quiz not finished has its flag false and its start as a placeholder.
        let finished = quizzes.map { $0.finishedAt != nil }
        let finishedAt = quizzes.map { $0.finishedAt ?? $0.startedAt }
        // No stage is 0 (stages count from 1).
        let stage = quizzes.map { $0.stage ?? 0 }
        return Set(try await connection.rows("""
            INSERT INTO quiz (id, account_id, category, type, format, correct_count, question_count, started_at,
                              finished_at, received_at, stage)
            SELECT id, \(userId), category, type, format, correct_count, question_count, started_at,
                   CASE WHEN finished THEN finished_at END, \(receivedAt), NULLIF(stage, 0)
            FROM unnest(\(quizzes.map(\.id)), \(quizzes.map(\.category.rawValue)), \(quizzes.map(\.type.rawValue)),
                        \(quizzes.map(\.format.rawValue)), \(quizzes.map(\.correctCount)), \(quizzes.map(\.questionCount)),
                        \(quizzes.map(\.startedAt)), \(finished), \(finishedAt), \(stage))
                 AS q(id, category, type, format, correct_count, question_count, started_at, finished, finished_at,
                      stage)
            ON CONFLICT DO NOTHING RETURNING id
            """, logger: logger).map { try $0.value("id", as: String.self) })
    }

    /// Inserts the results (ids new in the batch) unranked, their quizzes judged afterwards (`judge`), and keeps each
    /// rated one as its (question, account)'s vote unless an earlier answer is kept. Returns the ids stored.
    private func insert(_ results: [CheckedResult], userId: String, receivedAt: Date,
                        on connection: PostgresConnection) async throws -> Set<String> {
        guard !results.isEmpty else { return [] }
        let r = results.map(\.result)
        let inserted = Set(try await connection.rows("""
            INSERT INTO result (id, account_id, quiz_id, question_id, category, type, outcome, time_spent, answered_at,
                                hint_used, received_at, ranked, eligible, answer, given_answer, option_order)
            SELECT id, \(userId), quiz_id, question_id, category, type, outcome, time_spent, answered_at, hint_used,
                   \(receivedAt), FALSE, eligible, NULLIF(answer, ''), NULLIF(given_answer, ''),
                   NULLIF(option_order, '')
            FROM unnest(\(r.map(\.id)), \(r.map(\.quizId)), \(r.map(\.questionId)), \(r.map(\.category.rawValue)),
                        \(r.map(\.type.rawValue)), \(r.map(\.outcome.rawValue)), \(r.map(\.timeSpent)), \(r.map(\.answeredAt)),
                        \(r.map(\.hintUsed)), \(results.map(\.ranked)), \(r.map { $0.answer ?? "" }),
                        \(r.map { $0.given ?? "" }), \(r.map { StoredOptionOrder.text($0.optionOrder) ?? "" }))
                 AS v(id, quiz_id, question_id, category, type, outcome, time_spent, answered_at, hint_used, eligible,
                      answer, given_answer, option_order)
            ON CONFLICT DO NOTHING RETURNING id
            """, logger: logger).map { try $0.value("id", as: String.self) })
        let rated = results.filter { $0.rated && inserted.contains($0.result.id) }.map(\.result)
        guard !rated.isEmpty else { return inserted }
        try await connection.run("""
            INSERT INTO rating_vote AS v (question_id, account_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (question_id) question_id, \(userId), id, answered_at, outcome
            FROM unnest(\(rated.map(\.questionId)), \(rated.map(\.id)), \(rated.map(\.answeredAt)),
                        \(rated.map(\.outcome.rawValue))) AS r(question_id, id, answered_at, outcome)
            ORDER BY question_id, answered_at, id COLLATE "C"
            ON CONFLICT (question_id, account_id) DO UPDATE
            SET result_id = EXCLUDED.result_id, answered_at = EXCLUDED.answered_at, outcome = EXCLUDED.outcome
            WHERE EXCLUDED.answered_at < v.answered_at
               OR (EXCLUDED.answered_at = v.answered_at AND EXCLUDED.result_id COLLATE "C" < v.result_id COLLATE "C")
            """, logger: logger)
        return inserted
    }

    public func resultSummary(accountId: String) async throws -> ResultSummaryResponse {
        let results = try await rows("""
            SELECT count(*) AS results, count(*) FILTER (WHERE outcome = 'correct') AS correct,
                   max(answered_at) AS last_answered_at
            FROM result WHERE account_id = \(accountId)
            """).first
        let quizzes = try await rows("SELECT count(*) AS quizzes FROM quiz WHERE account_id = \(accountId)").first
        return ResultSummaryResponse(results: try results?.value("results") ?? 0,
                                     correct: try results?.value("correct") ?? 0,
                                     quizzes: try quizzes?.value("quizzes") ?? 0,
                                     lastAnsweredAt: try results?.value("last_answered_at", as: Date?.self))
    }

    public func dailyScores(on day: Date) async throws -> [DailyScore] {
        // Players are listed in the byte order of ids, as SQLite does, whatever the database's collation: players
        // with the same score and name rank the same on both.
        try await rows("""
            SELECT f.account_id, a.display_name,
                   count(*) FILTER (WHERE f.outcome = 'correct') AS correct,
                   count(*) FILTER (WHERE f.outcome <> 'skipped') AS answered
            FROM first_answer f JOIN account a ON a.id = f.account_id
            WHERE f.day = \(UTCDay.number(of: day))
            GROUP BY f.account_id, a.display_name
            ORDER BY f.account_id COLLATE "C"
            """).map { row in
            DailyScore(userId: try row.value("account_id"), displayName: try row.value("display_name"),
                       correct: try row.value("correct"), answered: try row.value("answered"))
        }
    }

    public func questionTallies() async throws -> [QuestionTally] {
        try await rows("""
            SELECT question_id, count(*) FILTER (WHERE outcome = 'correct') AS correct, count(*) AS answered
            FROM rating_vote GROUP BY question_id ORDER BY question_id COLLATE "C"
            """).map {
            QuestionTally(questionId: try $0.value("question_id"), correct: try $0.value("correct"),
                          answered: try $0.value("answered"))
        }
    }
}
