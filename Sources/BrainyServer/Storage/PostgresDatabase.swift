import BrainyAPI
import Foundation
import Logging
import PostgresNIO

/// The server's storage on PostgreSQL, for several instances sharing one database: implements the same storage
/// protocols as `ServerDatabase`, each method one transaction. Its `client` pools connections and must run (it is
/// one of the application's services); `prepare(_:logger:)` migrates the schema before that, on a connection of its own.
public struct PostgresDatabase: Sendable {
    let client: PostgresClient
    let url: PostgresURL
    let logger: Logger

    public init(_ url: PostgresURL, logger: Logger) {
        self.client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        self.url = url
        self.logger = logger
    }

    /// Connects once, runs the migrations this database lacks, one instance at a time (see `migrate`), and adds the
    /// house ads it lacks.
    public static func prepare(_ url: PostgresURL, houseAds: [HouseAd], at date: Date, logger: Logger) async throws {
        try await withConnection(to: url, logger: logger) { connection in
            try await migrate(connection, logger: logger)
            try await connection.withTransaction(logger: logger) { connection in
                try await seedHouseAds(houseAds, at: date, on: connection, logger: logger)
            }
        }
    }

    /// `body` on a connection of its own, closed after: for what is done at start, before `client` runs.
    static func withConnection<T: Sendable>(to url: PostgresURL, logger: Logger,
                                            _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration, id: 0,
                                                              logger: logger)
        } catch {
            throw StorageError(message: "Cannot connect to PostgreSQL at \(url): \(String(reflecting: error)). Check that the server runs there and that the URL's user, password and database are right.")
        }
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// One transaction on a pooled connection: committed when `body` returns, rolled back when it throws, unless
    /// what it threw says the session is over. (postgres-nio's `withTransaction` sends ROLLBACK even then, and a
    /// query written once the connection's channel has closed is dropped unanswered: when the server ended the
    /// session, as it does on `pg_terminate_backend` or a failover, and this task resumed only after the channel
    /// closed, as on a busy machine, the request waited for ever. The server rolls back an ended session's
    /// transaction itself.)
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await connection.run("BEGIN", logger: logger)
            let value: T
            do {
                value = try await body(connection)
            } catch {
                if !Self.endsSession(error), !connection.isClosed {
                    try? await connection.run("ROLLBACK", logger: logger)
                }
                throw error
            }
            try await connection.run("COMMIT", logger: logger)
            return value
        }
    }

    /// Whether `error` means the connection's session is over: lost, closed, or ended by the server (FATAL).
    static func endsSession(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
            return true
        case .server:
            return ["FATAL", "PANIC"].contains(error.serverInfo?[.severity])
        default:
            return false
        }
    }

    /// The rows of one statement, outside any transaction of the caller's.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }
}
