import Foundation
import GRDB
import Hummingbird
import PostgresNIO
@testable import BrainyServer

/// A server on a database the test also reaches behind its back, as a newer server or an operator would: a SQLite
/// file or a PostgreSQL database of its own.
struct BackdoorDatabase {
    let backend: StorageBackend
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("backdoor-\(UUID().uuidString).sqlite").path
    let url: PostgresURL?

    init(_ backend: StorageBackend) async throws {
        self.backend = backend
        url = backend == .postgres ? try await TestPostgres.shared.newDatabase() : nil
    }

    func app(configure: @escaping (inout ServerArguments, inout ServerEnvironment) -> Void = { _, _ in })
        async throws -> some ApplicationProtocol {
        try await TestServer.app(databasePath: backend == .sqlite ? path : nil) { arguments, environment in
            arguments.postgres = url
            configure(&arguments, &environment)
        }
    }

    /// Migrates the empty database up to a migration, as an older server left it.
    func migrate(sqliteThrough sqlite: String, postgresThrough postgres: String) async throws {
        if let url {
            try await TestPostgres.withConnection(to: url) { connection in
                try await PostgresDatabase.migrate(connection, through: postgres, logger: TestPostgres.logger)
            }
        } else {
            let queue = try DatabaseQueue(path: path, configuration: ServerDatabase.configuration())
            try ServerDatabase.migrator.migrate(queue, upTo: sqlite)
            try queue.close()
        }
    }

    /// An account made straight in the table, as any version of the server keeps one.
    func keepAccount(_ id: String, at date: Date) async throws {
        if let url {
            try await TestPostgres.withConnection(to: url) { connection in
                try await connection.run("""
                    INSERT INTO account (id, email, display_name, password_hash, created_at)
                    VALUES (\(id), \(id + "@example.com"), \(id), 'hash', \(date))
                    """, logger: TestPostgres.logger)
            }
        } else {
            try await withSQLite { db in
                try db.execute(sql: """
                    INSERT INTO account (id, email, displayName, passwordHash, createdAt) VALUES (?, ?, ?, 'hash', ?)
                    """, arguments: [id, id + "@example.com", id, date])
            }
        }
    }

    /// The store of the latest server on this database (which migrates it), for `body`.
    func withStore(_ body: @Sendable (any CreditLedgerStore) async throws -> Void) async throws {
        if let url {
            try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
            let database = PostgresDatabase(url, logger: TestPostgres.logger, deadline: TestPostgres.deadline)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await database.client.run() }
                defer { group.cancelAll() }
                try await body(database)
            }
        } else {
            try await body(try ServerDatabase.openFile(at: path))
        }
    }

    /// Keeps `id` of `kind` for `accountId` straight in credit_event, numbered by the account's sequence as any
    /// event is.
    func keepCreditEvent(id: String, kind: String, amount: Int, accountId: String, at date: Date) async throws {
        if let url {
            try await TestPostgres.withConnection(to: url) { connection in
                try await connection.run("""
                    INSERT INTO credit_event (account_id, id, kind, amount, ref, occurred_at, received_at)
                    VALUES (\(accountId), \(id), \(kind), \(amount), NULL, \(date), \(date))
                    """, logger: TestPostgres.logger)
            }
        } else {
            try await withSQLite { db in
                try db.execute(sql: """
                    INSERT INTO credit_event (accountId, id, kind, amount, ref, occurredAt, receivedAt)
                    VALUES (?, ?, ?, ?, NULL, ?, ?)
                    """, arguments: [accountId, id, kind, amount, date, date])
            }
        }
    }

    /// The account's credits per kind, as kept (credit_balance) and as the sum of its events.
    func creditTotals(accountId: String) async throws -> (kept: [String: Int], summed: [String: Int]) {
        if let url {
            return try await TestPostgres.withConnection(to: url) { connection in
                func totals(_ query: PostgresQuery) async throws -> [String: Int] {
                    var totals: [String: Int] = [:]
                    for row in try await connection.rows(query, logger: TestPostgres.logger) {
                        totals[try row.value("kind")] = try row.value("total", as: Int.self)
                    }
                    return totals
                }
                return (try await totals("SELECT kind, total FROM credit_balance WHERE account_id = \(accountId)"),
                        try await totals("""
                            SELECT kind, sum(amount)::bigint AS total FROM credit_event WHERE account_id = \(accountId)
                            GROUP BY kind
                            """))
            }
        }
        return try await withSQLite { db in
            func totals(_ sql: String) throws -> [String: Int] {
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: sql, arguments: [accountId])
                    .map { ($0["kind"] as String, $0["total"] as Int) })
            }
            return (try totals("SELECT kind, total FROM credit_balance WHERE accountId = ?"),
                    try totals("SELECT kind, sum(amount) AS total FROM credit_event WHERE accountId = ? GROUP BY kind"))
        }
    }

    private func withSQLite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let queue = try DatabaseQueue(path: path, configuration: ServerDatabase.configuration())
        let value = try await queue.write(body)
        try queue.close()
        return value
    }

    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
