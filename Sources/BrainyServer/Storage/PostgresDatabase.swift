import BrainyAPI
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The server's storage on PostgreSQL, for several instances sharing one database: implements the same storage
/// protocols as `ServerDatabase`, each method one transaction. Its `client` pools connections and must run (it is
/// one of the application's services); `prepare(_:logger:)` migrates the schema before that, on a connection of its own.
public struct PostgresDatabase: Sendable {
    let client: PostgresClient
    let url: PostgresURL
    let logger: Logger
    /// How long one storage call may wait for the database, leasing a connection and retrying included: past it the
    /// call throws `DatabaseUnavailable` (a 503), and the connection it held is closed, so that a frozen database
    /// holds neither the request nor the pool's connections.
    let deadline: Duration
    /// After the database was away, calls go on connections of their own for a while: the pool backs off its
    /// reconnection attempts (up to a minute) and would keep the first requests waiting after the database is back.
    let bypass = PoolBypass()
    /// Whether a quiz played on no ticket may rank (`LeaderboardRules`); as `ServerDatabase.ranksQuizzesWithoutTickets`.
    var ranksQuizzesWithoutTickets = true

    public init(_ url: PostgresURL, logger: Logger, deadline: Duration = .seconds(4)) {
        self.client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        self.url = url
        self.logger = logger
        self.deadline = deadline
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
    /// transaction itself.) A session lost before COMMIT was sent (a pooled connection the database dropped while it
    /// was away) is tried once more on another connection: nothing of the first try was committed. Past `deadline`,
    /// or when the database cannot be reached, it throws `DatabaseUnavailable`.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await withinDeadline { held in
            var tries = 0
            while true {
                tries += 1
                let committing = OnceRaised()
                do {
                    return try await withAnyConnection(held) { connection in
                        held.set(connection)
                        defer { held.set(nil) }
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
                        committing.raise()
                        try await connection.run("COMMIT", logger: logger)
                        return value
                    }
                } catch where tries == 1 && !committing.isRaised && Self.endsSession(error) {
                    logger.notice("A pooled connection to PostgreSQL was lost (\(String(reflecting: error))); trying once more")
                }
            }
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

    /// The rows of one statement, outside any transaction of the caller's. A statement whose session was lost is
    /// sent once more: every one this storage sends alone is a read or an idempotent update.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await withinDeadline { held in
            var tries = 0
            while true {
                tries += 1
                do {
                    return try await withAnyConnection(held) { connection in
                        held.set(connection)
                        defer { held.set(nil) }
                        return try await connection.rows(query, logger: logger)
                    }
                } catch where tries == 1 && Self.endsSession(error) {
                    logger.notice("A pooled connection to PostgreSQL was lost (\(String(reflecting: error))); trying once more")
                }
            }
        }
    }

    /// `body` on a pooled connection; while the pool refuses to lease (its circuit breaker tripped after failed
    /// connection attempts, backing off up to a minute), on a connection of its own, closed after: once PostgreSQL is
    /// back the first request succeeds, not the pool's next attempt a minute later.
    private func withAnyConnection<T: Sendable>(_ held: HeldConnection,
                                                _ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            guard !bypass.isActive else { throw PoolBypass.Active() }
            return try await client.withConnection(body)
        } catch where Self.poolRefused(error) || error is PoolBypass.Active {
            held.noteTheDatabaseAsked()
            let connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration, id: 0,
                                                                  logger: logger)
            do {
                let value = try await body(connection)
                try? await connection.close()
                return value
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }

    /// Whether the pool refused a lease without trying (postgres-nio's ConnectionPoolError, from a module of its
    /// own that is not imported here).
    static func poolRefused(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).hasSuffix("ConnectionPoolError")
    }

    /// `operation` within `deadline`: past it, the connection it holds (`held`) is closed, which fails its query at
    /// once and drops the connection from the pool, and `DatabaseUnavailable` is thrown; a failure that says the
    /// database is away is thrown as `DatabaseUnavailable` too.
    private func withinDeadline<T: Sendable>(_ operation: @escaping @Sendable (HeldConnection) async throws -> T)
        async throws -> T {
        let held = HeldConnection()
        let task = Task { try await operation(held) }
        switch await Deadline.result(of: task, within: deadline) {
        case let .success(value)?:
            return value
        case let .failure(error)?:
            guard DatabaseUnavailable.isUnavailability(error) else { throw error }
            bypass.activate()
            logger.warning("PostgreSQL is unavailable: \(String(reflecting: error))")
            throw DatabaseUnavailable(reason: "the connection failed")
        case nil where !held.askedTheDatabase:
            // All the call did was wait for one of the pool's connections to come free (or for a thread to run on):
            // a busy server, not a database away. Answered 503 all the same, but the pool is not bypassed: a
            // minute of calls each opening a connection of its own would add to the load that made it wait.
            logger.warning("No pooled connection to PostgreSQL came free within \(deadline)")
            throw DatabaseUnavailable(reason: "no pooled connection within \(deadline)")
        case nil:
            held.close()
            bypass.activate()
            logger.warning("PostgreSQL did not answer within \(deadline)")
            throw DatabaseUnavailable(reason: "no answer within \(deadline)")
        }
    }
}

/// Until when storage calls bypass the pool (see `PostgresDatabase.bypass`).
final class PoolBypass: Sendable {
    struct Active: Error {}

    /// The pool's longest backoff between reconnection attempts.
    static let span: Duration = .seconds(60)
    private let until = Mutex<ContinuousClock.Instant?>(nil)

    var isActive: Bool { until.withLock { $0.map { ContinuousClock.now < $0 } ?? false } }

    func activate() { until.withLock { $0 = ContinuousClock.now + Self.span } }
}

/// The connection a storage call holds now, so that its deadline can close it from outside.
final class HeldConnection: Sendable {
    private let connection = Mutex<PostgresConnection?>(nil)
    private let asked = Atomic(false)

    func set(_ value: PostgresConnection?) {
        if value != nil { noteTheDatabaseAsked() }
        connection.withLock { $0 = value }
    }

    /// The call got a connection, or went to connect one of its own: from then on a wait is the database's.
    func noteTheDatabaseAsked() { asked.store(true, ordering: .relaxed) }

    /// Whether the call ever got past waiting for the pool (see `noteTheDatabaseAsked`).
    var askedTheDatabase: Bool { asked.load(ordering: .relaxed) }

    func close() {
        connection.withLock { $0 }.map { _ = $0.close() as EventLoopFuture<Void> }
    }
}

/// A flag raised once, read from the task that raised it and after it.
final class OnceRaised: Sendable {
    private let raised = Atomic(false)

    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
