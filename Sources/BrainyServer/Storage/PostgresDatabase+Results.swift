import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: ResultStore {
    public func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date,
                             quota: StorageQuota) async throws -> ResultUploadResponse? {
        try await transaction { connection in
            // Locks the account: one upload of an account at a time, whichever instance it reaches, so that a batch
            // sent twice at once is stored once. (NO KEY: rows that reference the account may still be added.)
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(userId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            let today = UTCDay.start(of: receivedAt)
            let before = try await connection.rows("""
                SELECT (SELECT count(*) FROM result WHERE account_id = \(userId) AND received_at >= \(today)) AS results,
                       (SELECT count(*) FROM quiz WHERE account_id = \(userId) AND received_at >= \(today)) AS quizzes
                """, logger: logger).first
            let resultsBefore: Int = try before?.value("results") ?? 0
            let quizzesBefore: Int = try before?.value("quizzes") ?? 0
            var touched: Set<String> = []
            var newQuizzes = 0
            var newResults = 0
            var acceptedQuizzes: [String] = []
            var accepted: [String] = []
            var refusals: [ResultRefusal] = []
            for quiz in quizzes {
                let inserted = try await !connection.rows("""
                    INSERT INTO quiz (id, account_id, category, type, format, correct_count, question_count,
                                      started_at, finished_at, received_at)
                    VALUES (\(quiz.id), \(userId), \(quiz.category.rawValue), \(quiz.type.rawValue),
                            \(quiz.format.rawValue), \(quiz.correctCount), \(quiz.questionCount), \(quiz.startedAt),
                            \(quiz.finishedAt), \(receivedAt))
                    ON CONFLICT DO NOTHING RETURNING id
                    """, logger: logger).isEmpty
                if inserted {
                    newQuizzes += 1
                    touched.insert(quiz.id)
                }
                let owned = try await inserted ? true : owner(of: "quiz", id: quiz.id, on: connection) == userId
                if owned {
                    acceptedQuizzes.append(quiz.id)
                } else {
                    refusals.append(ResultRefusal(id: quiz.id, reason: .idTaken))
                }
            }
            for checked in results {
                let result = checked.result
                if let owner = try await owner(of: "result", id: result.id, on: connection) {
                    // Sent before: held already (the batch is idempotent), or another account's.
                    if owner == userId {
                        accepted.append(result.id)
                    } else {
                        refusals.append(ResultRefusal(id: result.id, reason: .idTaken))
                    }
                    continue
                }
                if let owner = try await owner(of: "quiz", id: result.quizId, on: connection), owner != userId {
                    refusals.append(ResultRefusal(id: result.id, reason: .notYourQuiz))
                    continue
                }
                // Stored unranked: its quiz is judged once the batch is in (`judge`). A rated result new here is
                // kept as its (question, account)'s vote unless an earlier answer is kept, in the same statement.
                let inserted = try await !connection.rows("""
                    WITH inserted AS (
                        INSERT INTO result (id, account_id, quiz_id, question_id, category, type, outcome, time_spent,
                                            answered_at, hint_used, received_at, ranked, eligible)
                        VALUES (\(result.id), \(userId), \(result.quizId), \(result.questionId),
                                \(result.category.rawValue), \(result.type.rawValue), \(result.outcome.rawValue),
                                \(result.timeSpent), \(result.answeredAt), \(result.hintUsed), \(receivedAt),
                                FALSE, \(checked.ranked))
                        ON CONFLICT DO NOTHING RETURNING id, account_id, question_id, answered_at, outcome
                    ), voted AS (
                        INSERT INTO rating_vote AS v (question_id, account_id, result_id, answered_at, outcome)
                        SELECT question_id, account_id, id, answered_at, outcome FROM inserted WHERE \(checked.rated)
                        ON CONFLICT (question_id, account_id) DO UPDATE
                        SET result_id = EXCLUDED.result_id, answered_at = EXCLUDED.answered_at,
                            outcome = EXCLUDED.outcome
                        WHERE EXCLUDED.answered_at < v.answered_at
                           OR (EXCLUDED.answered_at = v.answered_at
                               AND EXCLUDED.result_id COLLATE "C" < v.result_id COLLATE "C")
                    )
                    SELECT id FROM inserted
                    """, logger: logger).isEmpty
                // Not inserted: another account stored that id meanwhile.
                if inserted {
                    newResults += 1
                    touched.insert(result.quizId)
                    accepted.append(result.id)
                } else {
                    refusals.append(ResultRefusal(id: result.id, reason: .idTaken))
                }
            }
            // Rolled back whole: the device keeps everything and tries again another day.
            if resultsBefore + newResults > quota.resultsPerDay {
                throw QuotaExceeded(what: "results", limit: quota.resultsPerDay)
            }
            if quizzesBefore + newQuizzes > quota.quizzesPerDay {
                throw QuotaExceeded(what: "quizzes", limit: quota.quizzesPerDay)
            }
            for quizId in touched.sorted() {
                try await judge(quizId: quizId, accountId: userId, at: receivedAt, on: connection)
            }
            return ResultUploadResponse(accepted: accepted, acceptedQuizzes: acceptedQuizzes,
                                        rejected: refusals.map(\.id), refusals: refusals)
        }
    }

    /// The account holding the row `id` of `table` (quiz or result).
    private func owner(of table: String, id: String, on connection: PostgresConnection) async throws -> String? {
        try await connection.rows("SELECT account_id FROM \(unescaped: table) WHERE id = \(id)", logger: logger)
            .first?.value("account_id")
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
