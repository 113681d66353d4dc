import Foundation
import GRDB

extension ServerDatabase {
    /// Failures older than this are forgotten, and with them the doubling of lock-outs.
    static let failureMemory: TimeInterval = 86_400

    public func beginLoginAttempt(subject: String, client: String, maxAttempts: Int, lockout: TimeInterval,
                                  now: Date) async throws -> LoginAttempt {
        try await writer.write { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT failures, lockouts, lockedUntil, lastFailureAt FROM login_throttle
                WHERE subject = ? AND client = ?
                """, arguments: [subject, client])
            if let until = row?["lockedUntil"] as Date?, until > now { return .locked(until: until) }
            var failures: Int = row?["failures"] ?? 0
            var lockouts: Int = row?["lockouts"] ?? 0
            if let last = row?["lastFailureAt"] as Date?, now.timeIntervalSince(last) > Self.failureMemory {
                failures = 0
                lockouts = 0
            }
            failures += 1
            var lockedUntil: Date?
            if failures >= maxAttempts {
                lockedUntil = now.addingTimeInterval(min(Self.failureMemory, lockout * pow(2, Double(min(lockouts, 16)))))
                failures = 0
                lockouts += 1
            }
            try db.execute(sql: """
                INSERT INTO login_throttle (subject, client, failures, lockouts, lockedUntil, lastFailureAt)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (subject, client) DO UPDATE SET failures = excluded.failures,
                    lockouts = excluded.lockouts, lockedUntil = excluded.lockedUntil,
                    lastFailureAt = excluded.lastFailureAt
                """, arguments: [subject, client, failures, lockouts, lockedUntil, now])
            // Rows past the failure memory hold nothing: guesses at made-up emails do not pile up.
            try db.execute(sql: "DELETE FROM login_throttle WHERE lastFailureAt < ? AND (lockedUntil IS NULL OR lockedUntil < ?)",
                           arguments: [now.addingTimeInterval(-Self.failureMemory), now])
            if let lockedUntil { return .counted(remaining: 0, locksUntil: lockedUntil) }
            return .counted(remaining: maxAttempts - failures, locksUntil: nil)
        }
    }

    public func forgetLoginFailures(subject: String, client: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM login_throttle WHERE subject = ? AND client = ?", arguments: [subject, client])
        }
    }

    public func recordSuccessfulLogin(accountId: String, address: String, at date: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM login_failure WHERE accountId = ? AND address = ?",
                           arguments: [accountId, address])
            try db.execute(sql: "UPDATE account SET lastLoginAt = ? WHERE id = ?", arguments: [date, accountId])
        }
    }
}
