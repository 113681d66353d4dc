import Dispatch

/// Fetching ads without holding the player up: the call gets `seconds` at most (the config's `fetchTimeoutMs`),
/// then it is cancelled and the shell goes on without it. A failure is the same as no ad.
enum AdFetch {
    static func bounded<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) -> T? {
        let call = InterruptibleWait.background(body)
        guard call.waitUntilEnded(upTo: .milliseconds(max(0, Int(seconds * 1000)))) else {
            call.cancel()
            return nil
        }
        return try? call.poll()?.get()
    }
}
