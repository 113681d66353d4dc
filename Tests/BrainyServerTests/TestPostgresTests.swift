import PostgresNIO
import Testing
@testable import BrainyServer

/// The test run's own PostgreSQL: every test that asks gets an empty database of its own.
@Suite struct TestPostgresTests {
    @Test func eachTestGetsAnEmptyDatabaseOfItsOwn() async throws {
        let first = try await TestPostgres.shared.newDatabase()
        let second = try await TestPostgres.shared.newDatabase()
        #expect(first.database != second.database)

        try await TestPostgres.withConnection(to: first) { connection in
            try await connection.query("CREATE TABLE note (text TEXT NOT NULL)", logger: TestPostgres.logger)
            try await connection.query("INSERT INTO note VALUES (\("kept"))", logger: TestPostgres.logger)
        }
        let kept = try await TestPostgres.withConnection(to: first) { connection in
            try await connection.query("SELECT text FROM note", logger: TestPostgres.logger).collect()
                .map { try $0.decode(String.self) }
        }
        #expect(kept == ["kept"])
        let tables = try await TestPostgres.withConnection(to: second) { connection in
            try await connection.query("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                                       logger: TestPostgres.logger).collect().map { try $0.decode(Int.self) }
        }
        #expect(tables == [0])
    }
}
