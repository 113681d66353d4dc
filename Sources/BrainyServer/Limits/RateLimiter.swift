import Foundation

/// Counts requests per key (an action and a client address or account) against their limit. Kept behind this
/// protocol so that several server instances can later share one store; `InMemoryRateLimiter` serves one.
public protocol RateLimiter: Sendable {
    /// Counts one request of `key` at `now`: nil when it is within `limit`, else the whole seconds to wait.
    func acquire(_ key: String, limit: RateLimit, now: Date) async -> Int?
}
