import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Two instances on one PostgreSQL database, as behind a load balancer: a player moves between them freely.
@Suite struct SharedPostgresTests {
    static let secret = "one-secret-every-instance-shares"

    /// An instance on `url`, with the flags `configure` sets and the environment `environment` leaves.
    static func instance(_ url: PostgresURL, configure: (inout ServerArguments) -> Void = { _ in },
                         environment: (inout ServerEnvironment) -> Void = { _ in }) async throws
        -> some ApplicationProtocol {
        try await TestServer.app(secret: secret) { arguments, injected in
            arguments.postgres = url
            configure(&arguments)
            environment(&injected)
        }
    }

    /// Runs `body` with a client of each of two instances sharing a new database, both with the flags `configure`
    /// sets.
    static func withTwoInstances(
        configure: (inout ServerArguments) -> Void = { _ in },
        _ body: @Sendable (_ one: any TestClientProtocol, _ other: any TestClientProtocol) async throws -> Void
    ) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let (first, second) = (try await instance(url, configure: configure),
                               try await instance(url, configure: configure))
        try await first.test(.router) { one in
            try await second.test(.router) { other in try await body(one, other) }
        }
    }

    @Test func aPlayerRegisteredOnOneInstanceSignsInOnTheOther() async throws {
        try await Self.withTwoInstances { one, other in
            let session = try await one.register("mina@example.com")
            #expect(try await other.get("/v1/results/summary", token: session.accessToken).status == .ok)
            let login = try await other.login("mina@example.com")
            #expect(login.user.id == session.user.id)
            let taken = try await other.post("/v1/auth/register",
                                              json: RegisterRequest(email: "mina@example.com",
                                                                       password: "correct horse", consents: ConsentDocument.bundled.versions))
            #expect(taken.status == .conflict)
            let wrong = try await one.post("/v1/auth/login",
                                           json: CredentialsRequest(email: "mina@example.com", password: "nope"))
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test func aRefreshTokenReplayedOnTheOtherInstanceEndsTheLoginOnBoth() async throws {
        try await Self.withTwoInstances { one, other in
            let session = try await one.register("mina@example.com")
            let next = try await other.post("/v1/auth/refresh",
                                            json: RefreshRequest(refreshToken: session.refreshToken))
                .decode(AuthResponse.self)
            let replay = try await one.post("/v1/auth/refresh",
                                            json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(replay.error?.code == "refresh_token_reused")
            for client in [one, other] {
                let after = try await client.get("/v1/results/summary", token: next.accessToken)
                #expect(after.error?.code == "session_ended")
            }
        }
    }

    @Test func uploadsSplitAcrossInstancesAreStoredOnceEach() async throws {
        try await Self.withTwoInstances { one, other in
            let token = try await one.register("mina@example.com").accessToken
            let batch = quizBatch("q1", correct: 3, count: 4, at: TestServer.start)
            let halves = [ResultUploadRequest(results: Array(batch.results.prefix(2)), quizzes: batch.quizzes),
                          ResultUploadRequest(results: Array(batch.results.suffix(2)), quizzes: batch.quizzes)]
            #expect(try await one.post("/v1/results", json: halves[0], token: token).status == .ok)
            #expect(try await other.post("/v1/results", json: halves[1], token: token).status == .ok)
            // A device that missed the answers sends the whole batch again, to either.
            let again = try await other.post("/v1/results", json: batch, token: token)
                .decode(ResultUploadResponse.self)
            #expect(again.accepted.count == 4 && again.refusals.isEmpty)
            for client in [one, other] {
                let summary = try await client.get("/v1/results/summary", token: token)
                    .decode(ResultSummaryResponse.self)
                #expect(summary.results == 4 && summary.correct == 3 && summary.quizzes == 1)
            }
        }
    }

    @Test func requestsSplitAcrossInstancesCountAgainstOneLimit() async throws {
        try await Self.withTwoInstances(configure: { arguments in
            arguments.behindProxy = true
            _ = arguments.rateLimits.apply("register=3/3600")
        }) { one, other in
            func register(_ name: String, on client: any TestClientProtocol, from address: String = "203.0.113.9")
                async throws -> TestResponse {
                try await client.post("/v1/auth/register",
                                      json: RegisterRequest(email: "\(name)@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions),
                                      headers: AbuseLimitTests.from(address))
            }
            #expect(try await register("bot1", on: one).status == .created)
            #expect(try await register("bot2", on: other).status == .created)
            #expect(try await register("bot3", on: one).status == .created)
            // The fourth from that address, whichever instance it reaches, finds the one bucket empty.
            let flooded = try await register("bot4", on: other)
            #expect(flooded.status == .tooManyRequests)
            #expect(flooded.headers[.retryAfter] == "1200")
            #expect(try await register("bot5", on: one).status == .tooManyRequests)
            #expect(try await register("mina", on: other, from: "198.51.100.7").status == .created)
        }
    }

    @Test func aDeviceCodeFromOneInstanceIsApprovedAndPolledOnTheOther() async throws {
        try await Self.withTwoInstances(configure: { $0.devIdP = true }) { one, other in
            let codes = try await one.startDeviceFlow()
            let pending = try await other.pollToken(deviceCode: codes.deviceCode)
            #expect(try pending.decode(DeviceTokenResponse.self).error == "authorization_pending")
            let page = try await other.get("/dev-idp/device?user_code=\(codes.userCode)")
            #expect(page.text.contains("Sign in to Brainy with Google"))
            #expect(try await other.approve(codes.userCode, email: "mina@example.com").status == .ok)
            let issued = try await other.pollToken(deviceCode: codes.deviceCode)
            #expect(issued.status == .ok)
            // Used up on every instance.
            let again = try await one.pollToken(deviceCode: codes.deviceCode)
            #expect(try again.decode(DeviceTokenResponse.self).error == "invalid_grant")
            let idToken = try issued.decode(DevIdPController.TokenResponse.self).idToken
            #expect(try await one.socialSignIn(idToken: idToken).status == .ok)
        }
    }

    @Test func aTokenFromOneInstancesDevelopmentIdPSignsInOnTheOther() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        // Started at once on a fresh database, one making a key and the other given a key of its own: each would
        // store its key; they end with one.
        async let first = Self.instance(url, configure: { $0.devIdP = true }, environment: { $0.devIdPKey = nil })
        async let second = Self.instance(url, configure: { $0.devIdP = true },
                                         environment: { $0.devIdPKey = TestKeys.forger })
        let (one, other) = try await (first, second)
        try await one.test(.router) { one in
            try await other.test(.router) { other in
                let kid = try await one.devIdPKid()
                #expect(kid != nil)
                #expect(try await other.devIdPKid() == kid)
                // A token the first one's IdP issued signs in on the other, and the other way round.
                let mina = try await other.socialSignIn(idToken: one.devIDToken(email: "mina@example.com"))
                #expect(mina.status == .ok)
                let joon = try await one.socialSignIn(.apple, idToken: other.devIDToken(.apple, email: "joon@example.com"))
                #expect(joon.status == .ok)
            }
        }
    }
}
