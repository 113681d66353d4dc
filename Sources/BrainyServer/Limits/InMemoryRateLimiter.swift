import Foundation

/// Token buckets in memory, timed by the clock the caller passes (the server's injected clock).
// @unchecked Sendable is sound: `buckets` is read and written only under `lock`.
public final class InMemoryRateLimiter: RateLimiter, @unchecked Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
        var limit: RateLimit

        var rate: Double { Double(limit.count) / limit.window }

        /// Refilled to `now`: full again once idle long enough.
        func tokens(at now: Date) -> Double {
            min(Double(limit.count), tokens + max(0, now.timeIntervalSince(updated)) * rate)
        }
    }

    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]
    /// Past this many keys, the buckets that have refilled are dropped (they hold nothing a new bucket would not):
    /// a flood of addresses cannot grow the table without end.
    private let sweepAbove: Int

    public init(sweepAbove: Int = 100_000) { self.sweepAbove = sweepAbove }

    /// How many keys are held (tests).
    var count: Int { lock.withLock { buckets.count } }

    public func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int? {
        lock.withLock {
            var bucket = buckets[key] ?? Bucket(tokens: Double(limit.count), updated: now, limit: limit)
            bucket.limit = limit
            bucket.tokens = bucket.tokens(at: now)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return max(1, Int(((1 - bucket.tokens) / bucket.rate).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[key] = bucket
            if buckets.count > sweepAbove {
                buckets = buckets.filter { $0.value.tokens(at: now) < Double($0.value.limit.count) }
            }
            return nil
        }
    }
}
