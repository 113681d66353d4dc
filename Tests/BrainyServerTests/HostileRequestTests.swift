import BrainyAPI
import BrainyKit
import BrainyPacks
import BrainyPasswords
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Bad input gets a 4xx with a JSON error, never a 5xx.
@Suite struct HostileRequestTests {
    static let bodies = [
        "", "not json", "{", "[]", "null", "42", #"{"email": 42}"#, #"{"email": null, "password": "x"}"#,
        #"{"email": "a@b"}"#, #"{"password": "correct horse"}"#, #"{"refreshToken": ["x"]}"#,
        #"{"results": [{"id": "r1"}]}"#, #"{"results": "all"}"#, #"{"results": [], "quizzes": [{"id": "q"}]}"#,
        String(repeating: "[", count: 10_000),
    ]

    @Test(arguments: ["/v1/auth/check-email", "/v1/auth/register", "/v1/auth/login", "/v1/auth/refresh",
                      "/v1/auth/logout", "/v1/results"])
    func malformedBodiesGetA4xxJSONError(path: String) async throws {
        try await TestServer.app().test(.router) { client in
            let token = try await client.register("mina@example.com").accessToken
            for body in Self.bodies {
                let response = try await client.post(path, raw: body, token: token)
                let summary = "\(path) \(body.prefix(40)) → \(response.status.code) \(response.text.prefix(200))"
                #expect((400..<500).contains(response.status.code), "\(summary)")
                #expect(response.error?.code.isEmpty == false, "\(summary)")
            }
        }
    }

    @Test func missingFieldsAreNamed() async throws {
        try await TestServer.app().test(.router) { client in
            let response = try await client.post("/v1/auth/register", raw: #"{"email": "mina@example.com"}"#)
            #expect(response.status == .badRequest)
            #expect(response.error?.message == "Missing field 'password'.")
            let nested = try await client.post("/v1/auth/register", raw: #"{"password": "x", "email": 3}"#)
            #expect(nested.error?.message.hasPrefix("Field 'email' has the wrong type") == true)
        }
    }

    @Test func invalidValuesInABatchAre400() async throws {
        try await TestServer.app().test(.router) { client in
            let token = try await client.register("mina@example.com").accessToken
            var batch = quizBatch("q1", correct: 1, count: 2, at: TestServer.start)
            batch.results[0].id = ""
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .badRequest)
            batch = quizBatch("q1", correct: 1, count: 2, at: TestServer.start)
            batch.quizzes[0].correctCount = 7
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .badRequest)
            let badOutcome = try await client.post(
                "/v1/results",
                raw: #"{"results": [{"id": "r", "quizId": "q", "questionId": "x", "category": "country", "type": "mc", "outcome": "great", "timeSpent": 1, "answeredAt": "2026-11-22T06:00:00Z", "hintUsed": false}]}"#, token: token)
            #expect(badOutcome.status == .badRequest)
            #expect(badOutcome.error?.message.contains("results[0].outcome") == true)
        }
    }

    @Test func unknownPathsAre404AndWrongMethods405JSON() async throws {
        try await TestServer.app().test(.router) { client in
            for (method, path) in [(HTTPRequest.Method.get, "/"), (.get, "/v1/nothing"), (.post, "/v1/auth")] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(response.error?.code == "not_found")
            }
            for (method, path, allow) in [(HTTPRequest.Method.delete, "/v1/config", "GET"), (.get, "/v1/results", "POST"),
                                          (.trace, "/v1/auth/login", "POST")] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allow)
                #expect(response.error?.code == "method_not_allowed")
            }
        }
    }

    @Test func aWrongAuthorizationSchemeIs401() async throws {
        try await TestServer.app().test(.router) { client in
            let response = try await client.get("/v1/leaderboard/daily", headers: [.authorization: "Basic bWluYTpwdw=="])
            #expect(response.status == .unauthorized)
            #expect(response.error?.code == "unauthorized")
        }
    }

    /// Guesses sent all at once used to each find the account unlocked before any failure was counted, so every one
    /// had its password checked (and a right one among them signed in and lifted the lock): the lock-out held only
    /// for guesses sent one after another.
    @Test func concurrentGuessesAreHeldToTheAttemptLimit() async throws {
        let hasher = SlowCountingHasher()
        let config = try ServedContent.bundled().config
        try await TestServer.app { _, environment in environment.passwordHasher = hasher }.test(.router) { client in
            _ = try await client.register("mina@example.com")
            let guesses = 20
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<guesses {
                    group.addTask {
                        try await client.post("/v1/auth/login",
                                              json: CredentialsRequest(email: "mina@example.com", password: "guess \(index)"))
                            .status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(hasher.verifications <= config.maxLoginAttempts, "\(hasher.verifications) passwords checked")
            #expect(statuses.filter { $0 == 401 }.count == config.maxLoginAttempts - 1, "\(statuses)")
            #expect(statuses.filter { $0 == 423 }.count == guesses - config.maxLoginAttempts + 1, "\(statuses)")
            let right = CredentialsRequest(email: "mina@example.com", password: "correct horse")
            #expect(try await client.post("/v1/auth/login", json: right).status == .locked)
        }
    }

    /// A client that declares a longer body than it sends and then closes its side: the body stream fails inside
    /// the handler (NIO's "stream ended at an unexpected time"), which was a logged 500 `internal`.
    @Test(arguments: [
        ("/v1/auth/login", "application/json", "{"),
        ("/v1/results", "application/json", #"{"results": ["#),
        ("/dev-idp/google/device/code", "application/x-www-form-urlencoded", "client_id=brainy"),
    ])
    func aBodyCutShortIs400NotA500(path: String, contentType: String, partial: String) async throws {
        try await TestServer.devIdPApp().test(.live) { client in
            let port = try #require(client.port)
            let token = try await client.register("mina@example.com").accessToken
            let answer = try await RawHTTP.exchange(port: port, """
                POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n\
                Authorization: Bearer \(token)\r\nContent-Length: 100\r\n\r\n\(partial)
                """)
            let summary = "\(path) → \(answer.prefix(300))"
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(summary)")
            #expect(answer.contains(#""code":"bad_request""#), "\(summary)")
        }
    }
}

/// One request over a plain socket, written as given, the sending side then shut; the answer as text.
enum RawHTTP {
    struct Failure: Error { var step: String }

    /// On a thread of its own: blocking reads on the few threads of the concurrency pool would starve the server.
    static func exchange(port: Int, _ request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try blockingExchange(port: port, request) }) }.start()
        }
    }

    private static func blockingExchange(port: Int, _ request: String) throws -> String {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(step: "socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(step: "connect") }
        let bytes = Array(request.utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw Failure(step: "send") }
        #if canImport(Glibc)
        shutdown(fd, Int32(SHUT_WR))
        #else
        shutdown(fd, SHUT_WR)
        #endif
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            answer += chunk[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}

/// Counts password checks and makes each take a while, so that concurrent logins overlap.
final class SlowCountingHasher: PasswordHasher, @unchecked Sendable {
    private let inner = ScryptPasswordHasher(rounds: 16, blockSize: 1)
    private let lock = NSLock()
    private var count = 0

    var verifications: Int { lock.withLock { count } }

    func hash(_ password: String) throws -> String { try inner.hash(password) }

    func verify(_ password: String, against hash: String) -> Bool {
        lock.withLock { count += 1 }
        Thread.sleep(forTimeInterval: 0.05)
        return inner.verify(password, against: hash)
    }
}
