import Foundation
import Synchronization

/// Token buckets in memory, timed by the clock the caller passes (the server's injected clock). For one instance
/// alone: the server's default is its database's limiter, which every instance shares.
public final class InMemoryRateLimiter: RateLimiter, Sendable {
    private struct Entry {
        var bucket: TokenBucket
        var limit: RateLimit
    }

    private let buckets = Mutex<[String: Entry]>([:])
    /// Past this many keys, the buckets that have refilled are dropped (they hold nothing a new bucket would not):
    /// a flood of addresses cannot grow the table without end.
    private let sweepAbove: Int

    public init(sweepAbove: Int = 100_000) { self.sweepAbove = sweepAbove }

    /// How many keys are held (tests).
    var count: Int { buckets.withLock { $0.count } }

    public func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int? {
        buckets.withLock { buckets in
            var entry = buckets[key] ?? Entry(bucket: .full(limit, at: now), limit: limit)
            entry.limit = limit
            let wait = entry.bucket.take(at: now, limit: limit)
            buckets[key] = entry
            if wait == nil, buckets.count > sweepAbove {
                buckets = buckets.filter { $0.value.bucket.fullAt(limit: $0.value.limit) > now }
            }
            return wait
        }
    }
}
