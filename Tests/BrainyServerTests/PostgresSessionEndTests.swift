import Foundation
import PostgresNIO
import Testing
@testable import BrainyServer

/// A transaction whose session PostgreSQL ends (`pg_terminate_backend`, a failover) fails at once, however late its
/// task resumes: no ROLLBACK is sent on the closed connection, where postgres-nio would leave it unanswered for ever.
@Suite struct PostgresSessionEndTests {
    @Test func aTransactionWhoseSessionIsEndedFailsEvenWhenItResumesAfterTheConnectionClosed() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let database = PostgresDatabase(url, logger: TestPostgres.logger, deadline: TestPostgres.deadline)
        let pool = Task { await database.client.run() }
        defer { pool.cancel() }
        let transaction = Task {
            try await database.transaction { connection in
                let pid = try await connection.rows("SELECT pg_backend_pid() AS pid", logger: TestPostgres.logger)
                    .first?.value("pid", as: Int32.self)
                do {
                    try await connection.run("SELECT pg_terminate_backend(\(pid))", logger: TestPostgres.logger)
                } catch {
                    // Resumed only once the connection has closed, as a busy machine may resume it.
                    try? await connection.closeFuture.get()
                    throw error
                }
            }
        }
        let outcome = await TaskDeadline.result(of: transaction, within: .seconds(60))
        guard let outcome else {
            Issue.record("The transaction was still waiting a minute after its session ended.")
            return
        }
        // Tried once more on a fresh connection (a lost session before COMMIT), ended again, and said so as the
        // database being unavailable: a 503 with Retry-After, not a 500.
        #expect(throws: DatabaseUnavailable.self) { try outcome.get() }
        // The pool serves the next transaction on another connection.
        let answer = try await database.transaction { connection in
            try await connection.rows("SELECT 1 AS one", logger: TestPostgres.logger).first?.value("one", as: Int.self)
        }
        #expect(answer == 1)
    }
}
