import Foundation
import Testing
@testable import BrainyServer

/// The PostgreSQL schema is migrated at start, by whichever instances start, once.
@Suite struct PostgresMigrationTests {
    func appliedMigrations(_ url: PostgresURL) async throws -> [String] {
        try await TestPostgres.withConnection(to: url) { connection in
            try await connection.rows("SELECT id FROM schema_migration ORDER BY id", logger: TestPostgres.logger)
                .map { try $0.value("id", as: String.self) }
        }
    }

    @Test func twoInstancesStartingAtOnceMigrateOnce() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let ads = [AdsFixture.ad("end-en-1")]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await PostgresDatabase.prepare(url, houseAds: ads, at: TestServer.start,
                                                       logger: TestPostgres.logger)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await appliedMigrations(url) == PostgresDatabase.migrations.map(\.id).sorted())
        let seeded = try await TestPostgres.withConnection(to: url) { connection in
            try await connection.rows("SELECT id FROM house_ad", logger: TestPostgres.logger)
                .map { try $0.value("id", as: String.self) }
        }
        #expect(seeded == ["end-en-1"])
    }

    @Test func aDatabaseMigratedByANewerServerIsRefusedWithWhatToDo() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        try await TestPostgres.withConnection(to: url) { connection in
            try await connection.run("INSERT INTO schema_migration (id) VALUES ('v99-from-the-future')",
                                     logger: TestPostgres.logger)
        }
        let error = await #expect(throws: StorageError.self) {
            try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        }
        #expect(error?.message.contains("v99-from-the-future") == true)
        #expect(error?.message.contains("newer version") == true)
    }

    @Test func aServerThatCannotReachPostgreSQLSaysWhereItLooked() async throws {
        var url = try await TestPostgres.shared.newDatabase()
        url.database = "no_such_database"
        let error = await #expect(throws: StorageError.self) {
            try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        }
        #expect(error?.message.contains("\(url)") == true)
        #expect(error?.message.contains("Check that") == true)
    }
}
