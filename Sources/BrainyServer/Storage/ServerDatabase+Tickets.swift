import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: QuizTicketStore {
    /// The table of quiz tickets, appended to the migrator after the migrations before it.
    static func registerQuizTicketMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13-quiz-tickets") { db in
            try db.create(table: "quiz_ticket") { t in
                t.primaryKey("id", .text)
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("seed", .integer).notNull()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                // The question ids in the order dealt, one a line (the server's own pack ids).
                t.column("questionIds", .text).notNull()
                t.column("issuedAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("day", .integer).notNull()
                // The quiz played on it: one ticket a quiz, one quiz a ticket.
                t.column("usedBy", .text).unique()
            }
            try db.create(index: "quiz_ticket_on_accountId_day", on: "quiz_ticket", columns: ["accountId", "day"])
        }
    }

    static func quizTicket(_ row: Row) -> StoredQuizTicket {
        StoredQuizTicket(id: row["id"], accountId: row["accountId"], seed: UInt64(row["seed"] as Int64),
                         category: QuizCategory(rawValue: row["category"]) ?? .general,
                         type: QuizType(rawValue: row["type"]) ?? .multipleChoice,
                         questionIds: (row["questionIds"] as String).split(separator: "\n").map(String.init),
                         issuedAt: row["issuedAt"], expiresAt: row["expiresAt"], day: row["day"],
                         usedBy: row["usedBy"])
    }

    func recordTickets(_ tickets: [StoredQuizTicket], accountId: String, day: Int, cap: Int) async throws
        -> QuizTicketDeal? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)",
                                    arguments: [accountId]) == true
            else { return nil }
            let dealt = try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz_ticket WHERE accountId = ? AND day = ?",
                                         arguments: [accountId, day]) ?? 0
            let recorded = Array(tickets.prefix(max(0, cap - dealt)))
            let insert = try db.cachedStatement(sql: """
                INSERT INTO quiz_ticket (id, accountId, seed, category, type, questionIds, issuedAt, expiresAt, day)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for ticket in recorded {
                try insert.execute(arguments: [
                    ticket.id, accountId, Int64(bitPattern: ticket.seed), ticket.category.rawValue,
                    ticket.type.rawValue, ticket.questionIds.joined(separator: "\n"), ticket.issuedAt,
                    ticket.expiresAt, day])
            }
            return QuizTicketDeal(recorded: recorded, remaining: max(0, cap - dealt - recorded.count))
        }
    }

    func ticket(id: String, accountId: String) async throws -> StoredQuizTicket? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM quiz_ticket WHERE id = ? AND accountId = ?",
                             arguments: [id, accountId]).map(Self.quizTicket)
        }
    }

    func claimTicket(id: String, accountId: String, quizId: String) async throws -> Bool {
        try await writer.write { db in
            if let held = try String.fetchOne(db, sql: "SELECT id FROM quiz_ticket WHERE usedBy = ?",
                                              arguments: [quizId]) {
                return held == id
            }
            try db.execute(sql: """
                UPDATE quiz_ticket SET usedBy = ? WHERE id = ? AND accountId = ? AND usedBy IS NULL
                """, arguments: [quizId, id, accountId])
            return db.changesCount > 0
        }
    }

    /// The question ids of the ticket quiz `quizId` of `accountId` was played on, in the order dealt.
    static func dealtQuestionIds(quizId: String, accountId: String, db: Database) throws -> [String]? {
        try String.fetchOne(db, sql: "SELECT questionIds FROM quiz_ticket WHERE usedBy = ? AND accountId = ?",
                            arguments: [quizId, accountId])
            .map { $0.split(separator: "\n").map(String.init) }
    }
}
