import Foundation
import Testing
@testable import BrainyServer

/// `brainy-server migrate` upgrades a database before any instance starts.
@Suite struct MigrateCommandTests {
    @Test func migrateIsACommandBeforeTheOptions() throws {
        let arguments = try ServerArguments.parse(["migrate", "--database", "postgres://brainy@localhost/quiz"],
                                                  environment: [:])
        #expect(arguments.migrateOnly)
        #expect(!(try ServerArguments.parse(["--port", "9000"], environment: [:]).migrateOnly))
        #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--port", "9000", "migrate"], environment: [:])
        }
    }

    @Test func migrateBringsAPostgreSQLDatabaseUpToDate() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        var arguments = ServerArguments()
        arguments.postgres = url
        arguments.logLevel = .error
        #expect(try await migrateDatabase(arguments) == "The PostgreSQL database \(url)")
        let applied = try await TestPostgres.withConnection(to: url) { connection in
            try await connection.rows("SELECT id FROM schema_migration", logger: TestPostgres.logger)
                .map { try $0.value("id", as: String.self) }
        }
        #expect(applied == PostgresDatabase.migrations.map(\.id))
    }

    @Test func migrateMakesTheSQLiteFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        #expect(try await migrateDatabase(ServerArguments(databasePath: path)) == "The SQLite database \(path)")
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
