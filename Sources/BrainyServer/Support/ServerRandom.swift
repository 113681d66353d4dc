import BrainyKit
import Foundation

/// The server's random numbers (ad draws, ad-token nonces): the system's, or a seeded generator so that tests see the
/// same draws on every run.
// @unchecked Sendable is sound: the one mutable field, `seeded`, is read and written only under `lock`.
public final class ServerRandom: @unchecked Sendable {
    private let lock = NSLock()
    private var seeded: SeededGenerator?

    /// The system's generator.
    public init() {}

    public init(seed: UInt64) { seeded = SeededGenerator(seed: seed) }

    func next() -> UInt64 {
        lock.withLock {
            if let value = seeded?.next() { return value }
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
    }

    /// A number in `0..<bound` (the modulo bias is nothing for the small bounds drawn here).
    func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
