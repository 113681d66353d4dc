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

    static func instance(_ url: PostgresURL) async throws -> some ApplicationProtocol {
        try await TestServer.app(secret: secret) { arguments, _ in arguments.postgres = url }
    }

    /// Runs `body` with a client of each of two instances sharing a new database.
    static func withTwoInstances(
        _ body: @Sendable (_ one: any TestClientProtocol, _ other: any TestClientProtocol) async throws -> Void
    ) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let (first, second) = (try await instance(url), try await instance(url))
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
                                              json: CredentialsRequest(email: "mina@example.com",
                                                                       password: "correct horse"))
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
}
