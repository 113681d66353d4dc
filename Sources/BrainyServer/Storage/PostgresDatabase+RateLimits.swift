import Foundation
import PostgresNIO

extension PostgresDatabase: RateLimiter {
    /// One statement, atomic however many instances count the same key at once: the bucket of `key` is made full
    /// less one, or refilled to `now` and takes a token when it has one (the rules of `TokenBucket`), and says which;
    /// the same statement sweeps up to `ServerDatabase.bucketSweep` buckets that are full again, skipping those
    /// another instance holds. A database that fails lets the request through (it meets the same database next, and
    /// its error is answered there).
    public func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int? {
        let count = Double(limit.count)
        let rate = limit.rate
        var fresh = TokenBucket.full(limit, at: now)
        _ = fresh.take(at: now, limit: limit)
        let query: PostgresQuery = """
            WITH swept AS (
                DELETE FROM rate_limit_bucket WHERE key IN (
                    SELECT key FROM rate_limit_bucket WHERE full_at <= \(now) AND key <> \(key)
                    LIMIT \(ServerDatabase.bucketSweep) FOR UPDATE SKIP LOCKED)
            )
            INSERT INTO rate_limit_bucket AS bucket (key, tokens, updated_at, full_at, granted)
            VALUES (\(key), \(fresh.tokens), \(now), \(fresh.fullAt(limit: limit)), TRUE)
            ON CONFLICT (key) DO UPDATE SET (tokens, updated_at, full_at, granted) = (
                SELECT taken.tokens, \(now), \(now) + make_interval(secs => (\(count) - taken.tokens) / \(rate)),
                       taken.granted
                FROM (
                    SELECT CASE WHEN refill >= 1 THEN refill - 1 ELSE refill END AS tokens, refill >= 1 AS granted
                    FROM (
                        SELECT LEAST(\(count), bucket.tokens
                                     + GREATEST(0, EXTRACT(EPOCH FROM \(now) - bucket.updated_at)::float8) * \(rate))
                               AS refill
                    ) AS refilled
                ) AS taken)
            RETURNING tokens, granted
            """
        do {
            guard let row = try await rows(query).first else { return nil }
            if try row.value("granted", as: Bool.self) { return nil }
            return limit.secondsUntilOneToken(from: try row.value("tokens", as: Double.self))
        } catch {
            logger.error("Rate limiter: \(String(reflecting: error))")
            return nil
        }
    }
}

extension PostgresDatabase {
    /// How many buckets are held (tests).
    func rateLimitBucketCount() async throws -> Int {
        try await rows("SELECT count(*) AS n FROM rate_limit_bucket").first?.value("n", as: Int.self) ?? 0
    }
}
