import BrainyKit
import Foundation
import GRDB
import PostgresNIO
import Testing
@testable import BrainyServer

/// A stage claim is cut to the stage quizzes the account passed, counted on every sync: that count reads an index of
/// (account, category, type, format), not every quiz the account ever played. The plans asked are those of the
/// statements `mergeStages` runs.
@Suite struct StageClaimIndexTests {
    @Test func onSQLiteTheStageClaimCountReadsItsIndex() async throws {
        let database = try ServerDatabase.inMemory()
        let plan = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ServerDatabase.passedStageQuizzes,
                             arguments: ["a", "country", "multiple_choice", StagePlan.passMark])
                .map { $0["detail"] as String? ?? "" }.joined(separator: " ")
        }
        #expect(plan.contains("quiz_on_accountId_category_type_format"), "\(plan)")
    }

    @Test func onPostgreSQLTheStageClaimCountReadsItsIndex() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        let claim = PostgresDatabase.stageClaim(
            [StageReached(category: .country, type: .multipleChoice, highestCleared: 3, updatedAt: TestServer.start)],
            accountId: "a")
        let plan = try await TestPostgres.withConnection(to: url) { connection in
            // An empty table is read whole at no cost: the plan is asked as for a large one.
            try await connection.run("SET enable_seqscan = off", logger: TestPostgres.logger)
            return try await connection.rows(PostgresQuery(unsafeSQL: "EXPLAIN " + claim.sql, binds: claim.binds),
                                             logger: TestPostgres.logger)
                .map { try $0.value("QUERY PLAN", as: String.self) }.joined(separator: " ")
        }
        #expect(plan.contains("quiz_on_account_id_category_type_format"), "\(plan)")
    }
}
