import Foundation
import Testing
@testable import BrainyServer

/// A stage claim is cut to the stage quizzes the account passed, counted on every sync: on PostgreSQL that count
/// reads an index of (account, category, type, format), not every quiz the account ever played.
@Suite struct StageClaimIndexTests {
    @Test func onPostgreSQLTheStageClaimCountReadsItsIndex() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        let plan = try await TestPostgres.withConnection(to: url) { connection in
            // An empty table is read whole at no cost: the plan is asked as for a large one.
            try await connection.run("SET enable_seqscan = off", logger: TestPostgres.logger)
            return try await connection.rows("""
                EXPLAIN SELECT count(*) FROM quiz q WHERE q.account_id = 'a' AND q.category = 'country'
                  AND q.type = 'multiple_choice' AND q.format = 'stage' AND q.correct_count >= 8
                """, logger: TestPostgres.logger).map { try $0.value("QUERY PLAN", as: String.self) }
                .joined(separator: " ")
        }
        #expect(plan.contains("quiz_on_account_id_category_type_format"), "\(plan)")
    }
}
