import Dispatch
import Foundation

/// Fetching ads without holding the player up: the call gets `seconds` at most (the config's `fetchTimeoutMs`),
/// then it is cancelled and the shell goes on without it. A failure is the same as no ad.
enum AdFetch {
    static func bounded<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
            box.set(try? await body())
            done.signal()
        }
        guard done.wait(timeout: .now() + .milliseconds(max(0, Int(seconds * 1000)))) == .success else {
            task.cancel()
            return nil
        }
        return box.get()
    }

    // @unchecked Sendable is sound: the one mutable field is read and written only under `lock` (written once by the
    // task before the semaphore is signalled, read after the wait).
    private final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: T?
        func set(_ new: T?) { lock.withLock { value = new } }
        func get() -> T? { lock.withLock { value } }
    }
}
