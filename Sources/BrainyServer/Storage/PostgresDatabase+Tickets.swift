import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: QuizTicketStore {
    /// The table of quiz tickets, as `ServerDatabase.registerQuizTicketMigration` makes it on SQLite.
    static let quizTicketMigration = Migration(id: "v9-quiz-tickets", statements: [
        """
        CREATE TABLE quiz_ticket (
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            seed BIGINT NOT NULL,
            category TEXT NOT NULL,
            type TEXT NOT NULL,
            question_ids TEXT[] NOT NULL,
            issued_at TIMESTAMPTZ NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL,
            day INTEGER NOT NULL,
            used_by TEXT UNIQUE
        )
        """,
        "CREATE INDEX quiz_ticket_on_account_id_day ON quiz_ticket (account_id, day)",
    ])

    func recordTickets(_ tickets: [StoredQuizTicket], accountId: String, day: Int, cap: Int) async throws
        -> QuizTicketDeal? {
        try await transaction { connection in
            // Locks the account: deals to one account one at a time, whichever instance they reach.
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(accountId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            let dealt: Int = try await connection.rows("""
                SELECT count(*)::integer AS dealt FROM quiz_ticket WHERE account_id = \(accountId) AND day = \(day)
                """, logger: logger).first?.value("dealt") ?? 0
            let recorded = Array(tickets.prefix(max(0, cap - dealt)))
            for ticket in recorded {
                try await connection.run("""
                    INSERT INTO quiz_ticket (id, account_id, seed, category, type, question_ids, issued_at, expires_at,
                                             day)
                    VALUES (\(ticket.id), \(accountId), \(Int64(bitPattern: ticket.seed)), \(ticket.category.rawValue),
                            \(ticket.type.rawValue), \(ticket.questionIds), \(ticket.issuedAt), \(ticket.expiresAt),
                            \(day))
                    """, logger: logger)
            }
            return QuizTicketDeal(recorded: recorded, remaining: max(0, cap - dealt - recorded.count))
        }
    }

    func ticket(id: String, accountId: String) async throws -> StoredQuizTicket? {
        try await rows("""
            SELECT id, account_id, seed, category, type, question_ids, issued_at, expires_at, day, used_by
            FROM quiz_ticket WHERE id = \(id) AND account_id = \(accountId)
            """).first.map { row in
            StoredQuizTicket(id: try row.value("id"), accountId: try row.value("account_id"),
                             seed: UInt64(bitPattern: try row.value("seed", as: Int64.self)),
                             category: QuizCategory(rawValue: try row.value("category")) ?? .general,
                             type: QuizType(rawValue: try row.value("type")) ?? .multipleChoice,
                             questionIds: try row.value("question_ids"), issuedAt: try row.value("issued_at"),
                             expiresAt: try row.value("expires_at"), day: try row.value("day"),
                             usedBy: try row.value("used_by"))
        }
    }

    func claimTicket(id: String, accountId: String, quizId: String) async throws -> Bool {
        try await transaction { connection in
            // The account's row lock, as an upload takes it: claims of one account one at a time.
            _ = try await connection.rows("SELECT id FROM account WHERE id = \(accountId) FOR NO KEY UPDATE",
                                          logger: logger)
            if let held = try await connection.rows("SELECT id FROM quiz_ticket WHERE used_by = \(quizId)",
                                                    logger: logger).first {
                return try held.value("id", as: String.self) == id
            }
            return try await !connection.rows("""
                UPDATE quiz_ticket SET used_by = \(quizId)
                WHERE id = \(id) AND account_id = \(accountId) AND used_by IS NULL
                RETURNING id
                """, logger: logger).isEmpty
        }
    }

    /// The question ids of the tickets the quizzes `quizIds` of `accountId` were played on, by quiz.
    func dealtQuestionIds(quizIds: [String], accountId: String, on connection: PostgresConnection) async throws
        -> [String: [String]] {
        var dealt: [String: [String]] = [:]
        for row in try await connection.rows("""
            SELECT used_by, question_ids FROM quiz_ticket
            WHERE account_id = \(accountId) AND used_by = ANY(\(quizIds))
            """, logger: logger) {
            dealt[try row.value("used_by")] = try row.value("question_ids")
        }
        return dealt
    }
}
