import Dispatch
import Synchronization

/// A clock that moves only when a test moves it: a task sleeping on it wakes once the clock has been moved to its
/// deadline, or when the task is cancelled. A test can wait until something sleeps on it before moving it. (A target
/// of its own so that the shell's and the sync suites' tests share it: the shell's deadline clock, the sync's.)
public final class SteppedClock: Clock {
    public struct Instant: InstantProtocol {
        var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    /// Signalled each time a task starts to sleep on the clock (a waiter then looks again).
    private let sleeperCame = DispatchSemaphore(value: 0)

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Wake { case now, cancelled, later }
                let wake = state.withLock { state -> Wake in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .now }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .later
                }
                switch wake {
                case .now: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .later: sleeperCame.signal()
                }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until some task sleeps on the clock, at most `limit`; whether one does.
    public func waitForSleeper(upTo limit: DispatchTimeInterval) -> Bool {
        let end = DispatchTime.now() + limit
        while state.withLock({ $0.sleepers.isEmpty }) {
            guard sleeperCame.wait(timeout: end) == .success else { return false }
        }
        return true
    }

    /// Moves the clock on by `duration`, waking every task whose deadline that reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
