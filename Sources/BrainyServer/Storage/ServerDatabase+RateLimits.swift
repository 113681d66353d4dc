import Foundation
import GRDB

extension ServerDatabase: RateLimiter {
    /// Buckets full again are swept this many at a time, by the requests that come in: the table cannot grow
    /// without end, and no request pays for more than a few rows.
    static let bucketSweep = 100

    /// One transaction: the bucket of `key` is read, takes a token (`TokenBucket`), and is written back. A database
    /// that fails lets the request through (it meets the same database next, and its error is answered there).
    public func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int? {
        try? await writer.write { db in
            try db.execute(sql: """
                DELETE FROM rate_limit_bucket WHERE key IN (
                    SELECT key FROM rate_limit_bucket WHERE fullAt <= ? AND key <> ? LIMIT ?)
                """, arguments: [now, key, Self.bucketSweep])
            let row = try Row.fetchOne(db, sql: "SELECT tokens, updatedAt FROM rate_limit_bucket WHERE key = ?",
                                       arguments: [key])
            var bucket = row.map { TokenBucket(tokens: $0["tokens"], updated: $0["updatedAt"]) }
                ?? .full(limit, at: now)
            let wait = bucket.take(at: now, limit: limit)
            try db.execute(sql: """
                INSERT INTO rate_limit_bucket (key, tokens, updatedAt, fullAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, updatedAt = excluded.updatedAt,
                                                fullAt = excluded.fullAt
                """, arguments: [key, bucket.tokens, bucket.updated, bucket.fullAt(limit: limit)])
            return wait
        }
    }
}

extension ServerDatabase {
    /// How many buckets are held (tests).
    func rateLimitBucketCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM rate_limit_bucket") ?? 0 }
    }
}
