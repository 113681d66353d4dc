/// The limit of each action (`--rate-limit`, `BRAINY_RATE_LIMITS`); an action without one is not limited.
public struct RateLimits: Equatable, Sendable {
    public var limits: [RateLimitedAction: RateLimit]

    public init(_ limits: [RateLimitedAction: RateLimit]) { self.limits = limits }

    public static let defaults = RateLimits(Dictionary(uniqueKeysWithValues: RateLimitedAction.allCases.map {
        ($0, $0.defaultLimit)
    }))
    public static let off = RateLimits([:])

    public subscript(action: RateLimitedAction) -> RateLimit? {
        get { limits[action] }
        set { limits[action] = newValue }
    }

    /// Applies `ACTION=COUNT/SECONDS` (or `ACTION=off`, or `off` for every action); false when it is not one.
    mutating func apply(_ text: String) -> Bool {
        if text == "off" {
            limits = [:]
            return true
        }
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let action = RateLimitedAction(rawValue: String(parts[0])) else { return false }
        if parts[1] == "off" {
            limits[action] = nil
            return true
        }
        guard let limit = RateLimit(parts[1]) else { return false }
        limits[action] = limit
        return true
    }
}
