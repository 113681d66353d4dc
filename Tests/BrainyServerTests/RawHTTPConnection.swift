import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client's TCP connection to 127.0.0.1 that sends what it is told, a request cut short among it, and reads
/// whatever comes back: for a request in flight when its server dies. Its blocking calls run on a dispatch queue, not
/// on the threads the servers under test answer with.
///
/// Reads give up after a minute: the answers are due at once, but the servers under test answer on the test
/// process's Swift concurrency pool (one thread per core), which the other tests of a run keep busy; a read that runs
/// out means no answer is coming.
final class RawHTTPConnection: Sendable {
    static let readLimit = 60

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: Int32

    /// Connects to `port`; throws when nothing listens there.
    static func connect(port: Int) async throws -> RawHTTPConnection {
        try await blocking { try RawHTTPConnection(port: port) }
    }

    /// Connects to `port` and sends `bytes` in the same blocking call: a server's head limit runs from the moment
    /// it accepts, and a wait for one of the test process's busy Swift threads between connecting and sending would
    /// count against it, which no client on another machine does.
    static func connect(port: Int, sending bytes: [UInt8]) async throws -> RawHTTPConnection {
        try await blocking {
            let connection = try RawHTTPConnection(port: port)
            try connection.sendNow(bytes)
            return connection
        }
    }

    private init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Self.readLimit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    deinit { close(socket) }

    /// The head of a POST of `body` as JSON to `path`, with a bearer token; the server closes the connection once
    /// it has answered.
    static func postHead(_ path: String, body: [UInt8], token: String) -> [UInt8] {
        Array("""
            POST \(path) HTTP/1.1\r
            Host: localhost\r
            Authorization: Bearer \(token)\r
            Content-Type: application/json\r
            Content-Length: \(body.count)\r
            Connection: close\r
            \r

            """.utf8)
    }

    func send(_ bytes: [UInt8]) async throws {
        try await Self.blocking { try self.sendNow(bytes) }
    }

    /// Everything read until the server closes the connection (or resets it); throws when nothing closes it in
    /// time.
    func readUntilClosed() async throws -> [UInt8] {
        try await Self.blocking { try self.readNow() }
    }

    /// What was read until the bytes read so far end an HTTP response with a `Content-Length` (the connection is
    /// kept open); throws when the server closes it first or nothing more comes in time.
    func readOneResponse() async throws -> String {
        try await Self.blocking {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !Self.holdsOneResponse(received) {
                let count = buffer.withUnsafeMutableBytes { recv(self.socket, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "closed or timed out after \(received.count) bytes") }
                received += buffer[..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    private static func holdsOneResponse(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let length = text[..<end.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        return text[end.upperBound...].utf8.count >= length
    }

    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    private func sendNow(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    private func readNow() throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || errno == ECONNRESET {
                return received
            } else {
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
