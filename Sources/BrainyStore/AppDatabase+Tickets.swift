import BrainyKit
import Foundation
import GRDB

extension AppDatabase: QuizTicketRepository {
    /// The quiz tickets fetched at sync, registered after the migrations before it.
    static func registerQuizTicketMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-quiz-tickets") { db in
            try db.create(table: "quizTicket") { t in
                t.primaryKey("id", .text)
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("seed", .integer).notNull()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                // The question ids in the order dealt, one a line.
                t.column("questionIds", .text).notNull()
                t.column("issuedAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("token", .text).notNull()
                // The quiz played on it; its upload carries the token.
                t.column("usedBy", .text).unique()
            }
            try db.create(index: "quizTicket_on_userId_category_type", on: "quizTicket",
                          columns: ["userId", "category", "type"])
        }
    }

    public func saveQuizTickets(_ tickets: [HeldQuizTicket], userId: String) throws(StoreError) {
        guard !tickets.isEmpty else { return }
        try write { db in
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO quizTicket (id, userId, seed, category, type, questionIds, issuedAt, expiresAt,
                                                  token)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for ticket in tickets {
                try insert.execute(arguments: [
                    ticket.id, userId, Int64(bitPattern: ticket.seed), ticket.category.rawValue, ticket.type.rawValue,
                    ticket.questionIds.joined(separator: "\n"), ticket.issuedAt, ticket.expiresAt, ticket.token])
            }
        }
    }

    public func unusedQuizTickets(userId: String, now: Date) throws(StoreError) -> [HeldQuizTicket] {
        try write { db in
            // A ticket no quiz used by its expiry can never rank: forgotten. A used one stays while its quiz waits
            // to be uploaded with it.
            try db.execute(sql: "DELETE FROM quizTicket WHERE userId = ? AND usedBy IS NULL AND expiresAt <= ?",
                           arguments: [userId, now])
            return try Row.fetchAll(db, sql: """
                SELECT * FROM quizTicket WHERE userId = ? AND usedBy IS NULL ORDER BY issuedAt, rowid
                """, arguments: [userId]).compactMap { row -> HeldQuizTicket? in
                guard let category = QuizCategory(rawValue: row["category"]), let type = QuizType(rawValue: row["type"])
                else { return nil }
                return HeldQuizTicket(id: row["id"], seed: UInt64(bitPattern: row["seed"] as Int64), category: category,
                                      type: type,
                                      questionIds: (row["questionIds"] as String).split(separator: "\n").map(String.init),
                                      issuedAt: row["issuedAt"], expiresAt: row["expiresAt"], token: row["token"])
            }
        }
    }

    public func useQuizTicket(id: String, quizId: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE quizTicket SET usedBy = ? WHERE id = ? AND usedBy IS NULL",
                           arguments: [quizId, id])
        }
    }

    /// `quizzes` with the token of the ticket each was played on.
    static func withTickets(_ quizzes: [UploadedQuiz], _ db: Database) throws -> [UploadedQuiz] {
        guard !quizzes.isEmpty else { return quizzes }
        let statement = try db.cachedStatement(sql: "SELECT token FROM quizTicket WHERE usedBy = ?")
        return try quizzes.map { quiz in
            var quiz = quiz
            quiz.ticket = try String.fetchOne(statement, arguments: [quiz.id])
            return quiz
        }
    }
}
