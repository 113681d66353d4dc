import Foundation
import PostgresNIO

extension PostgresDatabase {
    public func beginLoginAttempt(accountId: String, address: String, maxAttempts: Int, lockout: TimeInterval,
                                  now: Date) async throws -> LoginAttempt {
        try await transaction { connection in
            // The row is made first, then locked: concurrent guesses from one address, on any instance, are counted
            // one after the other.
            try await connection.run("""
                INSERT INTO login_failure (account_id, address, failures, lockouts, last_failure_at)
                VALUES (\(accountId), \(address), 0, 0, \(now)) ON CONFLICT DO NOTHING
                """, logger: logger)
            guard let row = try await connection.rows("""
                SELECT failures, lockouts, locked_until, last_failure_at FROM login_failure
                WHERE account_id = \(accountId) AND address = \(address) FOR UPDATE
                """, logger: logger).first
            else { return .counted(remaining: maxAttempts, locksUntil: nil) }
            if let until = try row.value("locked_until", as: Date?.self), until > now { return .locked(until: until) }
            var failures: Int = try row.value("failures")
            var lockouts: Int = try row.value("lockouts")
            if now.timeIntervalSince(try row.value("last_failure_at", as: Date.self)) > ServerDatabase.failureMemory {
                failures = 0
                lockouts = 0
            }
            failures += 1
            var lockedUntil: Date?
            if failures >= maxAttempts {
                lockedUntil = now.addingTimeInterval(
                    min(ServerDatabase.failureMemory, lockout * pow(2, Double(min(lockouts, 16)))))
                failures = 0
                lockouts += 1
            }
            try await connection.run("""
                UPDATE login_failure SET failures = \(failures), lockouts = \(lockouts), locked_until = \(lockedUntil),
                                         last_failure_at = \(now)
                WHERE account_id = \(accountId) AND address = \(address)
                """, logger: logger)
            if let lockedUntil { return .counted(remaining: 0, locksUntil: lockedUntil) }
            return .counted(remaining: maxAttempts - failures, locksUntil: nil)
        }
    }

    public func recordSuccessfulLogin(accountId: String, address: String, at date: Date) async throws {
        try await transaction { connection in
            try await connection.run(
                "DELETE FROM login_failure WHERE account_id = \(accountId) AND address = \(address)", logger: logger)
            try await connection.run("UPDATE account SET last_login_at = \(date) WHERE id = \(accountId)",
                                     logger: logger)
        }
    }
}
