/// Waiting on a task for a bounded time, for tests whose failure is a hang: what the task gave, or nil once `limit`
/// has passed (the task is left running: it cannot be stopped from outside).
enum TaskDeadline {
    /// How `task` ended, or nil when it has not within `limit`.
    static func result<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async
        -> Result<T, any Error>? {
        let (events, continuation) = AsyncStream.makeStream(of: Result<T, any Error>?.self)
        // Unstructured: neither waiter may hold the answer up waiting for the other.
        let ending = Task { continuation.yield(await task.result) }
        let timer = Task {
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
        }
        var iterator = events.makeAsyncIterator()
        let outcome = await iterator.next() ?? nil
        continuation.finish()
        timer.cancel()
        _ = ending
        return outcome
    }
}
