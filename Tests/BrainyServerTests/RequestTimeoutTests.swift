import Foundation
import Hummingbird
import Testing
@testable import BrainyServer

/// Issue 24: every part of a request has a time limit. A client that sends its head or its body a byte at a time is
/// cut off once the limit has passed (a 408 when its head had come), instead of holding the connection for ever.
@Suite struct RequestTimeoutTests {
    static func instance(_ backend: StorageBackend) async throws -> KillableInstance {
        try await KillableInstance.start(try await TestServer.app(backend: backend) { arguments, _ in
            // Each test's client connects and sends its first bytes in one blocking call, off the Swift threads the
            // rest of the run keeps busy: a head sent at once arrives at once, however loaded the machine.
            arguments.headerTimeout = 1
            arguments.bodyTimeout = 1
            arguments.idleTimeout = 2
        })
    }

    @Test(arguments: StorageBackend.allCases)
    func aBodyThatStopsComingIsAnswered408AndTheConnectionClosed(_ backend: StorageBackend) async throws {
        let server = try await Self.instance(backend)
        defer { server.kill() }
        let connection = try await RawHTTPConnection.connect(port: server.port, sending: Array("""
            POST /v1/auth/login HTTP/1.1\r
            Host: localhost\r
            Content-Type: application/json\r
            Content-Length: 200\r
            \r
            {"em
            """.utf8))
        // The client lies: it said 200 bytes and sends no more. (readUntilClosed gives up after a minute.)
        let answer = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408"))
        #expect(answer.contains("request_timeout"))
    }

    @Test func aBodyDrippingInBytesIsCutOffOnceItsTimeIsUp() async throws {
        let server = try await Self.instance(.sqlite)
        defer { server.kill() }
        let connection = try await RawHTTPConnection.connect(port: server.port, sending: Array("""
            POST /v1/auth/login HTTP/1.1\r
            Host: localhost\r
            Content-Type: application/json\r
            Content-Length: 200\r
            \r

            """.utf8))
        // One byte every 300 ms keeps any per-read timer from firing; the body's whole limit still closes it.
        let dripping = Task {
            for _ in 0..<200 {
                try await connection.send([UInt8(ascii: " ")])
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        defer { dripping.cancel() }
        let answer = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408"))
    }

    @Test func aHeadThatNeverEndsIsClosedWithoutAnAnswer() async throws {
        let server = try await Self.instance(.sqlite)
        defer { server.kill() }
        let connection = try await RawHTTPConnection.connect(port: server.port,
                                                             sending: Array("GET /health HTTP/1.1\r\nHost: local".utf8))
        #expect(try await connection.readUntilClosed().isEmpty)
    }

    @Test func aRequestSentInTimeIsAnsweredAsUsual() async throws {
        let server = try await Self.instance(.sqlite)
        defer { server.kill() }
        let connection = try await RawHTTPConnection.connect(
            port: server.port, sending: Array("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        let answer = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200"))
    }
}
