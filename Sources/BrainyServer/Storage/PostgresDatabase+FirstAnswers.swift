import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// Works out again the first answers of the quizzes' questions from every ranked answer of the account to them
    /// (as `ServerDatabase.refreshFirstAnswers`), after the quizzes' answers were ranked or unranked. The day is
    /// worked out as migration v4-first-answers does.
    func refreshFirstAnswers(quizIds: [String], accountId: String, on connection: PostgresConnection)
        async throws {
        try await connection.run(Self.forgetFirstAnswers(accountId: accountId, quizIds: quizIds), logger: logger)
        try await connection.run("""
            INSERT INTO first_answer AS f (day, account_id, question_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (day, question_id)
                   floor(extract(epoch FROM answered_at) / 86400)::integer AS day, account_id, question_id, id,
                   answered_at, outcome
            FROM result
            WHERE account_id = \(accountId) AND ranked
              AND question_id IN (SELECT question_id FROM result
                                  WHERE account_id = \(accountId) AND quiz_id = ANY(\(quizIds)))
            ORDER BY day, question_id, answered_at, id COLLATE "C"
            ON CONFLICT (day, account_id, question_id) DO UPDATE
            SET result_id = EXCLUDED.result_id, answered_at = EXCLUDED.answered_at, outcome = EXCLUDED.outcome
            WHERE EXCLUDED.answered_at < f.answered_at
               OR (EXCLUDED.answered_at = f.answered_at AND EXCLUDED.result_id COLLATE "C" < f.result_id COLLATE "C")
            """, logger: logger)
    }

    /// Forgets the first answers of the quizzes' results. Reads first_answer_on_result_id.
    static func forgetFirstAnswers(accountId: String, quizIds: [String]) -> PostgresQuery {
        """
        DELETE FROM first_answer
        WHERE account_id = \(accountId)
          AND result_id IN (SELECT id FROM result WHERE account_id = \(accountId) AND quiz_id = ANY(\(quizIds)))
        """
    }
}
