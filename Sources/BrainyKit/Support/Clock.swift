import Foundation
import Synchronization

/// Tells the time. Injected everywhere so that tests (and QA runs) control it.
public protocol BrainyClock: Sendable {
    func now() -> Date
}

/// The wall clock.
public struct SystemClock: BrainyClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that moves only when told to.
public final class ManualClock: BrainyClock, Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
