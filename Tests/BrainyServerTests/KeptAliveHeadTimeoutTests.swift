import Foundation
import Hummingbird
import Testing
@testable import BrainyServer

/// Issue 24: the header time limit holds for every request of a kept-alive connection, not only the first. Before,
/// a later head dripped a byte at a time was bounded only by the idle timeout, which counts whole heads.
@Suite struct KeptAliveHeadTimeoutTests {
    @Test func aSlowHeadAfterAnAnsweredRequestIsCutOffByTheHeaderLimitNotTheIdleOne() async throws {
        let server = try await KillableInstance.start(try await TestServer.app(backend: .sqlite) { arguments, _ in
            arguments.headerTimeout = 4
            arguments.bodyTimeout = 4
            // Far past the connection's minute of reads: only the header limit can close it in time.
            arguments.idleTimeout = 3_600
        })
        defer { server.kill() }
        // Connected and the first head sent in one call: the header limit runs from the accept, and a test process
        // kept busy by the whole suite once took longer than it between the two (closed after 0 bytes).
        let connection = try await RawHTTPConnection.connect(
            port: server.port, sending: Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        let first = try await connection.readOneResponse()
        #expect(first.hasPrefix("HTTP/1.1 200"))

        // A second head, a byte every 300 ms: 2 minutes to send whole, were it let.
        let slowHead = Array("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(String(repeating: "a", count: 400))\r\n\r\n".utf8)
        let dripping = Task {
            for byte in slowHead {
                try await connection.send([byte])
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        defer { dripping.cancel() }
        // Closed without an answer (readUntilClosed throws after a minute when nothing closes it).
        #expect(try await connection.readUntilClosed().isEmpty)
    }

    @Test func aSecondRequestSentAtOnceOnAKeptAliveConnectionIsAnswered() async throws {
        let server = try await KillableInstance.start(try await TestServer.app(backend: .sqlite) { arguments, _ in
            arguments.headerTimeout = 4
            arguments.idleTimeout = 3_600
        })
        defer { server.kill() }
        let head = Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        let connection = try await RawHTTPConnection.connect(port: server.port, sending: head)
        #expect(try await connection.readOneResponse().hasPrefix("HTTP/1.1 200"))
        for _ in 0..<2 {
            try await connection.send(head)
            #expect(try await connection.readOneResponse().hasPrefix("HTTP/1.1 200"))
        }
        // Two heads in one write (pipelined): both answered.
        try await connection.send(Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\nGET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        let answers = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answers.components(separatedBy: "HTTP/1.1 200").count - 1 == 2)
    }
}
