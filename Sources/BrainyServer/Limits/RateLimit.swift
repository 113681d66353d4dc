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

    /// The counts and windows a flag may give. A window of 2^63 - 1 seconds was taken and let every request
    /// through: its refill rate (count / window) is below what a bucket can tell from none.
    static let counts = 1...100_000
    static let windows = 1...604_800

    /// `COUNT/SECONDS`, e.g. `20/3600`, within `counts` and `windows`.
    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), let window = Int(parts[1]), Self.counts.contains(count),
              Self.windows.contains(window) else {
            return nil
        }
        self.init(count: count, window: TimeInterval(window))
    }
}
