import AsyncHTTPClient
import BrainyAPI
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP exchange under one deadline, from connecting to the last byte of the answer, with a cap on the answer's
/// size. AsyncHTTPClient's `execute(_:deadline:)` ends its deadline once the response head has come (the body is
/// then read without one): an endpoint that sends its head at once and then a byte a second would hold the shell for
/// ever. Here the head and the body race one timer; when it fires, reading the body is cancelled, which cancels the
/// request and closes its connection.
enum WholeRequest {
    /// What came back, read in full.
    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    /// The timer won.
    private struct DeadlinePassed: Error {}

    /// Sends `request` and reads the whole answer (at most `limit` bytes) within `timeout` seconds; a `RemoteError`
    /// for a refused connection, a deadline passed (`.timedOut`), an answer too large, or Ctrl-C (`.cancelled`).
    static func perform(_ request: HTTPClientRequest, client: HTTPClient, timeout: TimeInterval, limit: Int)
        async throws(RemoteError) -> Answer {
        // Held between a millisecond and a year, so that no timeout a caller passes can overflow the nanoseconds.
        let seconds = timeout.isFinite ? min(max(timeout, 0.001), 31_536_000) : 31_536_000
        let nanoseconds = Int64(seconds * 1_000_000_000)
        let deadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        do {
            return try await withThrowingTaskGroup(of: Answer?.self) { group in
                group.addTask {
                    let response = try await client.execute(request, deadline: deadline)
                    let buffer = try await response.body.collect(upTo: limit)
                    return Answer(status: Int(response.status.code), headers: response.headers,
                                  body: Data(buffer.readableBytesView))
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(nanoseconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answer = first else { throw DeadlinePassed() }
                return answer
            }
        } catch is DeadlinePassed {
            if Task.isCancelled { throw .cancelled }
            throw .timedOut(seconds: Int(timeout.rounded(.up)))
        } catch {
            throw HTTPRemoteAPI.classify(error, timeout: timeout)
        }
    }
}
