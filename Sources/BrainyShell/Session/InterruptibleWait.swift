import BrainyAPI
import BrainyKit
import Dispatch
import Foundation
import Synchronization

/// The one bridge between the shell's synchronous line loop and work that goes on elsewhere (a server's call, a
/// language model, a child process such as the microphone's recorder): the loop waits for it, looking at Ctrl-C every
/// 50 ms, and Ctrl-C (SIGINT) while it is under way stops it instead of ending the shell. Async work is started with
/// `run` or `start`; work that ends through a callback hands its `Outcome` to `wait(until:meanwhile:)`.
///
/// A signal handler rather than a dispatch signal source: on Linux the latter reads a signalfd, which never sees a
/// signal that the waiting thread receives while SIGINT is ignored (as it is in the interactive shell).
final class InterruptibleWait {
    private let watch: Platform.InterruptWatch
    private var finished = false

    /// Starts watching for Ctrl-C; `finish()` puts the previous handling back.
    init() {
        watch = Platform.watchInterrupts()
    }

    /// Whether Ctrl-C was pressed since the command began (the line loop forgets it before each command).
    var isInterrupted: Bool { Platform.interruptWasRequested || Platform.terminationSignal != nil }

    func finish() {
        guard !finished else { return }
        finished = true
        Platform.stopWatchingInterrupts(watch)
    }

    deinit { finish() }

    /// Runs `body` and waits for it; a Ctrl-C before or during the call ends it with `.cancelled`.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(RemoteError) -> T {
        try wait(for: start(body))
    }

    /// A call under way, started with `start` and collected with `wait(for:)`.
    final class Pending<T: Sendable> {
        fileprivate let task: Task<Void, Never>
        fileprivate let outcome: Outcome<T>

        fileprivate init(task: Task<Void, Never>, outcome: Outcome<T>) {
            self.task = task
            self.outcome = outcome
        }

        /// Stops the call (its answer, if any, is dropped).
        func cancel() { task.cancel() }

        /// The call's outcome if it has ended, without waiting; nil while it is under way.
        func poll() -> Result<T, RemoteError>? { outcome.result }

        /// Waits until the call has ended, at most `limit`; whether it has.
        func waitUntilEnded(upTo limit: DispatchTimeInterval) -> Bool { outcome.waitUntilSet(upTo: limit) }
    }

    /// Starts `body` without waiting, so that the shell can prepare the next request meanwhile.
    func start<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Pending<T> {
        Self.background(body)
    }

    /// Starts `body` in the background with no Ctrl-C watch, for a call the line loop never waits for (the pack's
    /// version asked at start): its outcome is looked at with `poll()` between two lines.
    ///
    /// The call runs on a thread of its own (`CallThread`), not on Swift's shared threads: a process whose shared
    /// threads are all busy (the test suite on two cores) would otherwise leave it waiting to start, or to go on
    /// after each answer, past its deadline.
    static func background<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Pending<T> {
        let outcome = Outcome<T>()
        let thread = CallThread(name: "brainy-call")
        let task = Task.detached(executorPreference: thread) {
            defer { thread.finish() }
            do {
                outcome.set(.success(try await body()))
            } catch let error as RemoteError {
                outcome.set(.failure(error))
            } catch is CancellationError {
                outcome.set(.failure(.cancelled))
            } catch {
                outcome.set(.failure(.badResponse(String(describing: error))))
            }
        }
        return Pending(task: task, outcome: outcome)
    }

    /// How long a cancelled call is given to wind down before the prompt comes back without it.
    static let windDown: DispatchTimeInterval = .milliseconds(500)

    /// Waits for a started call; a Ctrl-C before or during the wait cancels it and ends with `.cancelled`.
    func wait<T: Sendable>(for pending: Pending<T>) throws(RemoteError) -> T {
        // Once Ctrl-C is seen, cancel the call and give it a moment to wind down. A call that does not heed the
        // cancel (a client blocked in a read) is left to end on its own, its answer dropped: the player gets the
        // prompt back at once all the same.
        try wait(until: pending.outcome) { (interrupted: Bool) throws(RemoteError) in
            guard interrupted else { return }
            pending.task.cancel()
            _ = pending.waitUntilEnded(upTo: Self.windDown)
            throw .cancelled
        }
        return try pending.outcome.get()
    }

    /// Waits until `outcome` is set, calling `meanwhile` before each 50 ms of waiting with whether Ctrl-C was
    /// pressed: it stops the work (a child process it terminates) or throws to stop waiting.
    func wait<T: Sendable, E: Error>(until outcome: Outcome<T>,
                                     meanwhile: (_ interrupted: Bool) throws(E) -> Void) throws(E) {
        repeat {
            try meanwhile(isInterrupted)
        } while !outcome.waitUntilSet(upTo: .milliseconds(50))
    }

    /// Waits `seconds` on `clock` (between two polls of a sign-in), cut short by Ctrl-C. The clock is the shell's
    /// deadline clock: the real one for people, one a test moves.
    func pause(seconds: Int, on clock: any Clock<Duration>) throws(RemoteError) {
        try run { try await clock.sleep(for: .seconds(seconds)) }
    }
}

extension InterruptibleWait {
    /// A result handed from the work (a call's task, a process's termination handler, a reading thread) to the
    /// waiting loop: set once, when the work ends.
    final class Outcome<T: Sendable>: Sendable {
        private let value = Mutex<Result<T, RemoteError>?>(nil)
        /// Signalled once the value is set, and again by each wait, so that an ended call stays ended for the next
        /// look.
        // A semaphore, not Synchronization: the loop's thread must sleep until the work ends or the time is up, and
        // `Mutex` and `Atomic` have no wait with a timeout. This is the bridge's one blocking wait.
        private let ended = DispatchSemaphore(value: 0)

        /// The result once set; nil while the call is under way.
        var result: Result<T, RemoteError>? { value.withLock { $0 } }

        func set(_ result: Result<T, RemoteError>) {
            value.withLock { $0 = result }
            ended.signal()
        }

        func waitUntilSet(upTo limit: DispatchTimeInterval) -> Bool {
            guard ended.wait(timeout: .now() + limit) == .success else { return false }
            ended.signal()
            return true
        }

        func get() throws(RemoteError) -> T {
            try (result ?? .failure(.cancelled)).get()
        }
    }
}
