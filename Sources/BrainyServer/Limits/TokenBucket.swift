import Foundation

/// One key's bucket as a value: `tokens` left at `updated`, refilling at `count / window` a second up to `count`.
/// Every `RateLimiter` applies these rules, in memory or in a database row.
struct TokenBucket: Equatable, Sendable {
    var tokens: Double
    var updated: Date

    /// A key never seen before: full.
    static func full(_ limit: RateLimit, at now: Date) -> TokenBucket {
        TokenBucket(tokens: Double(limit.count), updated: now)
    }

    /// Refilled to `now`: full again once idle long enough (a clock that went back refills nothing).
    func tokens(at now: Date, limit: RateLimit) -> Double {
        min(Double(limit.count), tokens + max(0, now.timeIntervalSince(updated)) * limit.rate)
    }

    /// Takes one token at `now`: nil when there was one, else the whole seconds until there is.
    mutating func take(at now: Date, limit: RateLimit) -> Int? {
        tokens = tokens(at: now, limit: limit)
        updated = now
        guard tokens >= 1 else { return limit.secondsUntilOneToken(from: tokens) }
        tokens -= 1
        return nil
    }

    /// When it holds `count` again: past then it holds nothing a new bucket would not, and may be forgotten.
    func fullAt(limit: RateLimit) -> Date {
        updated.addingTimeInterval(max(0, Double(limit.count) - tokens) / limit.rate)
    }
}

extension RateLimit {
    /// Tokens a second.
    var rate: Double { Double(count) / window }

    /// The `Retry-After` of a bucket holding `tokens` (fewer than one): whole seconds, at least one.
    func secondsUntilOneToken(from tokens: Double) -> Int {
        max(1, Int(((1 - tokens) / rate).rounded(.up)))
    }
}
