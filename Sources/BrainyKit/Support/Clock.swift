import Foundation

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
// @unchecked Sendable is sound: the one mutable field, `current`, is read and written only under `lock`.
public final class ManualClock: BrainyClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { current = start }

    public func now() -> Date { lock.withLock { current } }

    public func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
