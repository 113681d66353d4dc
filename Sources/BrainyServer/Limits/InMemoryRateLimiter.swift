import Foundation

/// Token buckets in memory, timed by the clock the caller passes (the server's injected clock).
// @unchecked Sendable is sound: `buckets` is read and written only under `lock`.
public final class InMemoryRateLimiter: RateLimiter, @unchecked Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]
    /// Past this many keys, the full buckets (idle long enough to refill) are dropped: a flood of addresses cannot
    /// grow the table without end.
    private let sweepAbove: Int

    public init(sweepAbove: Int = 100_000) { self.sweepAbove = sweepAbove }

    public func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int? {
        lock.withLock {
            let capacity = Double(limit.count)
            let rate = capacity / limit.window
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[key] = bucket
            if buckets.count > sweepAbove { sweep(now: now, rate: rate, capacity: capacity) }
            return nil
        }
    }

    private func sweep(now: Date, rate: Double, capacity: Double) {
        buckets = buckets.filter { $0.value.tokens + now.timeIntervalSince($0.value.updated) * rate < capacity }
    }
}
