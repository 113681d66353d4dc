import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// Keeps `first_answer` the first ranked answer of each (UTC day, account, question) after the answers of judged
    /// quizzes were ranked or unranked (as `ServerDatabase.refreshFirstAnswers`), touching only their days and
    /// questions: the first answers that are answers no longer ranked are forgotten and the next ranked answer of
    /// their day and question kept instead; then answers ranked now take the place of later ones. The day is worked
    /// out as migration v4-first-answers does.
    func refreshFirstAnswers(accountId: String, newlyRanked: [String], newlyUnranked: [String],
                             on connection: PostgresConnection) async throws {
        if !newlyUnranked.isEmpty {
            var days: [Int] = []
            var questions: [String] = []
            for row in try await connection.rows(Self.forgetFirstAnswers(accountId: accountId, resultIds: newlyUnranked),
                                                 logger: logger) {
                days.append(try row.value("day", as: Int.self))
                questions.append(try row.value("question_id"))
            }
            if !days.isEmpty {
                try await connection.run("""
                    INSERT INTO first_answer (day, account_id, question_id, result_id, answered_at, outcome)
                    SELECT DISTINCT ON (g.day, g.question_id) g.day, r.account_id, r.question_id, r.id, r.answered_at,
                           r.outcome
                    FROM unnest(\(days), \(questions)) AS g(day, question_id)
                    JOIN result r ON r.account_id = \(accountId) AND r.ranked AND r.question_id = g.question_id
                         AND r.answered_at >= to_timestamp(g.day * 86400.0)
                         AND r.answered_at < to_timestamp((g.day + 1) * 86400.0)
                    ORDER BY g.day, g.question_id, r.answered_at, r.id COLLATE "C"
                    """, logger: logger)
            }
        }
        guard !newlyRanked.isEmpty else { return }
        try await connection.run("""
            INSERT INTO first_answer AS f (day, account_id, question_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (day, question_id)
                   floor(extract(epoch FROM answered_at) / 86400)::integer AS day, account_id, question_id, id,
                   answered_at, outcome
            FROM result
            WHERE account_id = \(accountId) AND id = ANY(\(newlyRanked))
            ORDER BY day, question_id, answered_at, id COLLATE "C"
            ON CONFLICT (day, account_id, question_id) DO UPDATE
            SET result_id = EXCLUDED.result_id, answered_at = EXCLUDED.answered_at, outcome = EXCLUDED.outcome
            WHERE EXCLUDED.answered_at < f.answered_at
               OR (EXCLUDED.answered_at = f.answered_at AND EXCLUDED.result_id COLLATE "C" < f.result_id COLLATE "C")
            """, logger: logger)
    }

    /// Forgets the first answers that are these results, saying which days and questions they were. Reads
    /// first_answer_on_result_id.
    static func forgetFirstAnswers(accountId: String, resultIds: [String]) -> PostgresQuery {
        """
        DELETE FROM first_answer WHERE account_id = \(accountId) AND result_id = ANY(\(resultIds))
        RETURNING day, question_id
        """
    }
}
