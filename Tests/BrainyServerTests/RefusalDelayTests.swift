import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import BrainyServer

/// Issue 13: a flood of 11,000–12,500 refused requests a second from one client (each 429 answered at once) took the
/// CPU from everyone else. A refusal is now answered after `--refusal-delay` (the waits are recorded, not waited).
@Suite struct RefusalDelayTests {
    final class Waits: Sendable {
        private let recorded = Mutex<[Duration]>([])
        var all: [Duration] { recorded.withLock { $0 } }
        func record(_ duration: Duration) { recorded.withLock { $0.append(duration) } }
    }

    static func app(waits: Waits, delay: Double? = nil) async throws -> some ApplicationProtocol {
        try await TestServer.app { arguments, environment in
            arguments.behindProxy = true
            _ = arguments.rateLimits.apply("register=2/3600")
            if let delay { arguments.refusalDelay = delay }
            environment.sleep = { waits.record($0) }
        }
    }

    @Test func aRateLimitedRequestIsAnsweredAfterTheDelayAndOthersAtOnce() async throws {
        let waits = Waits()
        try await Self.app(waits: waits).test(.router) { client in
            func register(_ name: String) async throws -> TestResponse {
                try await client.post("/v1/auth/register", json: RegisterRequest(email: "\(name)@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions),
                                      headers: AbuseLimitTests.from("203.0.113.9"))
            }
            #expect(try await register("bot1").status == .created)
            #expect(try await register("bot2").status == .created)
            #expect(try await client.get("/v1/config").status == .ok)
            #expect(waits.all.isEmpty)
            let refused = try await register("bot3")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect(waits.all == [.seconds(1)])
        }
    }

    @Test func aLockedAccountIsAnsweredAfterTheDelayToo() async throws {
        let waits = Waits()
        let config = try ServedContent.bundled().config
        try await Self.app(waits: waits, delay: 2.5).test(.router) { client in
            _ = try await client.register("mina@example.com")
            let guess = CredentialsRequest(email: "mina@example.com", password: "wrong password")
            for _ in 1..<config.maxLoginAttempts {
                #expect(try await client.post("/v1/auth/login", json: guess, headers: AbuseLimitTests.from("203.0.113.9")).status == .unauthorized)
            }
            #expect(waits.all.isEmpty, "a wrong password is not a refusal: it is answered at once")
            #expect(try await client.post("/v1/auth/login", json: guess, headers: AbuseLimitTests.from("203.0.113.9")).status == .locked)
            #expect(waits.all == [.milliseconds(2_500)])
        }
    }

    @Test func aDelayOfZeroAnswersRefusalsAtOnce() async throws {
        let waits = Waits()
        try await Self.app(waits: waits, delay: 0).test(.router) { client in
            for index in 1...3 {
                _ = try await client.post("/v1/auth/register", json: RegisterRequest(email: "bot\(index)@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions),
                                          headers: AbuseLimitTests.from("203.0.113.9"))
            }
            #expect(waits.all.isEmpty)
        }
    }

    @Test func theDelayComesFromItsFlagWithinBounds() throws {
        #expect(try ServerArguments.parse([], environment: [:]).refusalDelay == 1)
        #expect(try ServerArguments.parse(["--refusal-delay", "0.25"], environment: [:]).refusalDelay == 0.25)
        for bad in ["-1", "61", "soon", "nan"] {
            #expect(throws: ServerArguments.UsageError(message: "--refusal-delay needs a number of seconds from 0 to 60, not '\(bad)'.")) {
                try ServerArguments.parse(["--refusal-delay", bad], environment: [:])
            }
        }
    }
}
