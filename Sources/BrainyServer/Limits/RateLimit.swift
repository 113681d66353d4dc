import Foundation

/// At most `count` requests per `window` seconds, as a bucket that holds `count` and refills steadily: a burst of
/// `count`, then one every `window / count` seconds.
public struct RateLimit: Equatable, Sendable {
    public var count: Int
    public var window: TimeInterval

    public init(count: Int, window: TimeInterval) {
        self.count = count
        self.window = window
    }

    /// `COUNT/SECONDS`, e.g. `20/3600`.
    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), let window = Int(parts[1]), count > 0, window > 0 else {
            return nil
        }
        self.init(count: count, window: TimeInterval(window))
    }
}
