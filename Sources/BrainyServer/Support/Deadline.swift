/// Waiting for a task for a bounded time: what it gave, or nil once `limit` has passed. Unstructured on purpose: a
/// task group would wait for a child that ignores cancellation (a query to a frozen database), and the answer with it.
enum Deadline {
    /// How `task` ended, or nil when it has not within `limit` (then it is cancelled and left to end on its own).
    static func result<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async
        -> Result<T, any Error>? {
        let (events, continuation) = AsyncStream.makeStream(of: Result<T, any Error>?.self)
        let ending = Task { continuation.yield(await task.result) }
        let timer = Task {
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
        }
        var iterator = events.makeAsyncIterator()
        let outcome = await withTaskCancellationHandler {
            await iterator.next() ?? nil
        } onCancel: {
            task.cancel()
            continuation.yield(nil)
        }
        continuation.finish()
        timer.cancel()
        ending.cancel()
        if outcome == nil { task.cancel() }
        return outcome
    }
}
