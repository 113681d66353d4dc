import BrainyKit
import Dispatch
import Foundation

/// Runs the server's async calls from the shell's synchronous loop: the loop waits for each call, and Ctrl-C (SIGINT)
/// while a call is under way cancels it instead of ending the shell.
final class RemoteCall: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`; the signal handler and the waiting loop share it.
    private let lock = NSLock()
    private var current: Task<Void, Never>?
    private var interruptedFlag = false
    private var source: (any DispatchSourceSignal)?
    private var previousHandler: sig_t?

    /// Starts watching for Ctrl-C; `finish()` puts the previous handling back.
    init() {
        previousHandler = signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
        self.source = source
    }

    /// Whether Ctrl-C was pressed since the watch began.
    var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interruptedFlag
    }

    func interrupt() {
        lock.lock()
        interruptedFlag = true
        let task = current
        lock.unlock()
        task?.cancel()
    }

    func finish() {
        source?.cancel()
        source = nil
        if let previousHandler { signal(SIGINT, previousHandler) }
        previousHandler = nil
    }

    deinit { finish() }

    /// Runs `body` and waits for it; a Ctrl-C before or during the call ends it with `.cancelled`.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(RemoteError) -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        lock.lock()
        if interruptedFlag {
            lock.unlock()
            throw .cancelled
        }
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
        current = task
        lock.unlock()
        done.wait()
        lock.lock()
        current = nil
        lock.unlock()
        return try outcome.get()
    }

    /// Waits `seconds` (polling a provider), cut short by Ctrl-C.
    func pause(seconds: Double) throws(RemoteError) {
        try run { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }
}

/// A result handed from the call's task to the waiting loop.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // @unchecked: written once by the task before the semaphore is signalled, read after the wait, under `lock`.
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
