import BrainyKit
import Foundation
import Synchronization

/// The server's random numbers (ad draws, ad-token nonces): the system's, or a seeded generator so that tests see the
/// same draws on every run.
public final class ServerRandom: Sendable {
    private let seeded: Mutex<SeededGenerator?>

    /// The system's generator.
    public init() { seeded = Mutex(nil) }

    public init(seed: UInt64) { seeded = Mutex(SeededGenerator(seed: seed)) }

    func next() -> UInt64 {
        seeded.withLock { seeded in
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
