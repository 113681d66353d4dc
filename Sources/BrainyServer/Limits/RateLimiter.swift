import Foundation

/// Counts requests per key (an action and a client address or account) against their limit. The server's default
/// is its database (`ServerDatabase`, `PostgresDatabase`), so that every instance on one database counts into the
/// same buckets; `InMemoryRateLimiter` serves one instance alone (tests).
public protocol RateLimiter: Sendable {
    /// Counts one request of `key` at `now`: nil when it is within `limit`, else the whole seconds to wait.
    func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int?
}
