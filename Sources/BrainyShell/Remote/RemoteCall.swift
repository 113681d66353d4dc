import BrainyAPI
import BrainyKit
import Dispatch
import Foundation

/// Runs the server's async calls from the shell's synchronous loop: the loop waits for each call, and Ctrl-C (SIGINT)
/// while a call is under way cancels it instead of ending the shell.
///
/// A signal handler rather than a dispatch signal source: on Linux the latter reads a signalfd, which never sees a
/// signal that the waiting thread receives while SIGINT is ignored (as it is in the interactive shell).
final class RemoteCall {
    private let watch: Platform.InterruptWatch
    private var finished = false

    /// Starts watching for Ctrl-C; `finish()` puts the previous handling back.
    init() {
        watch = Platform.watchInterrupts()
    }

    /// Whether Ctrl-C was pressed since the watch began.
    var isInterrupted: Bool { Platform.interruptWasRequested }

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
        fileprivate let done: DispatchSemaphore

        fileprivate init(task: Task<Void, Never>, outcome: Outcome<T>, done: DispatchSemaphore) {
            self.task = task
            self.outcome = outcome
            self.done = done
        }

        /// Stops the call (its answer, if any, is dropped).
        func cancel() { task.cancel() }

        /// The call's outcome if it has ended, without waiting; nil while it is under way.
        func poll() -> Result<T, RemoteError>? {
            guard done.wait(timeout: .now()) == .success else { return nil }
            done.signal()  // an ended call stays ended for the next look
            do { return .success(try outcome.get()) } catch { return .failure(error) }
        }
    }

    /// Starts `body` without waiting, so that the shell can prepare the next request meanwhile.
    func start<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Pending<T> {
        Self.background(body)
    }

    /// Starts `body` in the background with no Ctrl-C watch, for a call the line loop never waits for (the pack's
    /// version asked at start): its outcome is looked at with `poll()` between two lines.
    static func background<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Pending<T> {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
            do {
                outcome.set(.success(try await body()))
            } catch let error as RemoteError {
                outcome.set(.failure(error))
            } catch is CancellationError {
                outcome.set(.failure(.cancelled))
            } catch {
                outcome.set(.failure(.badResponse(String(describing: error))))
            }
            done.signal()
        }
        return Pending(task: task, outcome: outcome, done: done)
    }

    /// How long a cancelled call is given to wind down before the prompt comes back without it.
    static let windDown: DispatchTimeInterval = .milliseconds(500)

    /// Waits for a started call; a Ctrl-C before or during the wait cancels it and ends with `.cancelled`.
    func wait<T: Sendable>(for pending: Pending<T>) throws(RemoteError) -> T {
        // Look for Ctrl-C every 50 ms; once seen, cancel the call and give it a moment to wind down. A call that
        // does not heed the cancel (a client blocked in a read) is left to end on its own, its answer dropped: the
        // player gets the prompt back at once all the same.
        repeat {
            if isInterrupted {
                pending.task.cancel()
                _ = pending.done.wait(timeout: .now() + Self.windDown)
                throw .cancelled
            }
        } while pending.done.wait(timeout: .now() + .milliseconds(50)) == .timedOut
        return try pending.outcome.get()
    }

    /// Waits `seconds` (polling a provider), cut short by Ctrl-C.
    func pause(seconds: Double) throws(RemoteError) {
        try run { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }
}

/// A result handed from the call's task to the waiting loop.
// @unchecked Sendable is sound: the one mutable field, `value`, is read and written only under `lock` (written once by
// the task before the semaphore is signalled, read by the loop after the wait).
fileprivate final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, RemoteError> = .failure(.cancelled)

    func set(_ result: Result<T, RemoteError>) {
        lock.lock()
        value = result
        lock.unlock()
    }

    func get() throws(RemoteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try value.get()
    }
}
