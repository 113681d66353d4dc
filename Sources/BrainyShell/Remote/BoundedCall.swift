import Dispatch
import Synchronization

/// A server call that must not hold the person up (an ad's fetch, a sign-in's logout at exit): the call gets `seconds`
/// at most (for ads the config's `fetchTimeoutMs`), timed by `clock` (`ShellServices.deadlineClock`: the real clock
/// for people, one a test moves), then it is cancelled and the shell goes on without it. A failure is nil, as is the
/// time running out.
enum BoundedCall {
    static func bounded<T: Sendable>(seconds: Double, by clock: any Clock<Duration>,
                                     _ body: @escaping @Sendable () async throws -> T) -> T? {
        let bound = Duration.milliseconds(max(0, Int(seconds * 1000)))
        let first = FirstEnded<T>()
        // The fetch and the bound each on a call thread of their own (`InterruptibleWait.background`): the shared
        // threads may all be busy, and a fetch that does not heed its cancel (a blocked read) is not waited for.
        let call = InterruptibleWait.background { () async throws -> Void in
            first.offer(try? await body())
        }
        let timer = InterruptibleWait.background { () async throws -> Void in
            try await clock.sleep(for: bound)
            first.offer(nil)
        }
        defer {
            call.cancel()
            timer.cancel()
        }
        // No bound of the wall clock's here: `clock` ends the wait at the bound, whatever the fetch does.
        while !first.outcome.waitUntilSet(upTo: .seconds(1)) {}
        return (try? first.outcome.get()) ?? nil
    }

    /// What ended first: the fetch's value, or nil for a failed fetch or the time being up.
    private final class FirstEnded<T: Sendable>: Sendable {
        let outcome = InterruptibleWait.Outcome<T?>()
        private let taken = Mutex(false)

        func offer(_ value: T?) {
            guard taken.withLock({ taken in defer { taken = true }; return !taken }) else { return }
            outcome.set(.success(value))
        }
    }
}
