import Foundation
import PostgresNIO

extension PostgresDatabase {
    public func beginLoginAttempt(subject: String, client: String, maxAttempts: Int, lockout: TimeInterval,
                                  now: Date) async throws -> LoginAttempt {
        try await transaction { connection in
            // The row is made first, then locked: concurrent guesses from one address, on any instance, are counted
            // one after the other.
            try await connection.run("""
                INSERT INTO login_throttle (subject, client, failures, lockouts, last_failure_at)
                VALUES (\(subject), \(client), 0, 0, \(now)) ON CONFLICT DO NOTHING
                """, logger: logger)
            guard let row = try await connection.rows("""
                SELECT failures, lockouts, locked_until, last_failure_at FROM login_throttle
                WHERE subject = \(subject) AND client = \(client) FOR UPDATE
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
                UPDATE login_throttle SET failures = \(failures), lockouts = \(lockouts), locked_until = \(lockedUntil),
                                          last_failure_at = \(now)
                WHERE subject = \(subject) AND client = \(client)
                """, logger: logger)
            // Rows past the failure memory hold nothing: guesses at made-up emails do not pile up.
            let forgotten = now.addingTimeInterval(-ServerDatabase.failureMemory)
            try await connection.run("""
                DELETE FROM login_throttle
                WHERE last_failure_at < \(forgotten) AND (locked_until IS NULL OR locked_until < \(now))
                """, logger: logger)
            if let lockedUntil { return .counted(remaining: 0, locksUntil: lockedUntil) }
            return .counted(remaining: maxAttempts - failures, locksUntil: nil)
        }
    }

    public func forgetLoginFailures(subject: String, client: String) async throws {
        _ = try await rows("DELETE FROM login_throttle WHERE subject = \(subject) AND client = \(client)")
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
