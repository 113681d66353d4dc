import Foundation
import GRDB
import Testing
@testable import BrainyServer

/// The daily quota of ad events is counted on every upload: it reads an index of (account, received at), not every
/// event the account ever sent.
@Suite struct AdEventQuotaIndexTests {
    static let count = "SELECT count(*) FROM ad_event WHERE accountId = ? AND receivedAt >= ?"

    @Test func onSQLiteTheQuotaCountReadsItsIndex() async throws {
        let database = try ServerDatabase.inMemory()
        let plan = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Self.count, arguments: ["a", Date()])
                .map { $0["detail"] as String? ?? "" }.joined(separator: " ")
        }
        #expect(plan.contains("ad_event_on_accountId_receivedAt"), "\(plan)")
    }

    @Test func onPostgreSQLTheQuotaCountReadsItsIndex() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        let plan = try await TestPostgres.withConnection(to: url) { connection in
            // An empty table is read whole at no cost: the plan is asked as for a large one.
            try await connection.run("SET enable_seqscan = off", logger: TestPostgres.logger)
            return try await connection.rows("""
                EXPLAIN SELECT count(*) FROM ad_event WHERE account_id = 'a' AND received_at >= now()
                """, logger: TestPostgres.logger).map { try $0.value("QUERY PLAN", as: String.self) }
                .joined(separator: " ")
        }
        #expect(plan.contains("ad_event_on_account_id_received_at"), "\(plan)")
    }
}
