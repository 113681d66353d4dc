import BrainyAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 24: PostgreSQL stopped or frozen under a running server. Every request is answered 503
/// `database_unavailable` with `Retry-After` once its database deadline has passed (never a hang, never a 500),
/// `/health` keeps its own limit, and once PostgreSQL is back the first request is answered as usual, with nothing
/// lost or doubled. Each test runs a cluster of its own (`StoppablePostgres`), since it stops it.
@Suite(.serialized) struct DatabaseOutageTests {
    /// The deadline the server under test gives each request's database work: short, yet long enough that a loaded
    /// machine (the whole suite on two cores) does not miss it while the database is up.
    static let deadline = 3.0
    /// How long a test waits for an answer before calling it a hang: far past the deadline, far below forever.
    static let hang: Duration = .seconds(30)

    static func app(_ url: PostgresURL) async throws -> some ApplicationProtocol {
        try await TestServer.app { arguments, environment in
            arguments.postgres = url
            arguments.databaseTimeout = deadline
            // Past the deadline (a frozen database's probe is still answered 503 well within `hang`), and long enough
            // that the first probe after a thaw, which may open a new connection, is not failed by a busy machine.
            environment.healthTimeout = .seconds(10)
        }
    }

    /// The answer to `request`, failing the test when none comes within `hang`.
    static func answer(_ request: @escaping @Sendable () async throws -> TestResponse) async throws -> TestResponse {
        let outcome = await TaskDeadline.result(of: Task { try await request() }, within: hang)
        return try #require(outcome, "no answer within \(hang): the request hung").get()
    }

    /// Before the outage: the new cluster's first connection can take longer than the database deadline on a busy
    /// machine (a full run on two cores once answered the set-up's registration 503). The set-up waits for `/health`
    /// (its own longer limit) to say the database answers, at most 10 probes; what is tested keeps its deadline.
    static func waitUntilHealthy(_ client: some TestClientProtocol) async throws {
        for _ in 0..<10 {
            if try await answer({ try await client.get("/health") }).status == .ok { return }
        }
        Issue.record("the database never answered /health in 10 probes")
    }

    static func expectUnavailable(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .serviceUnavailable, sourceLocation: sourceLocation)
        #expect(response.error?.code == "database_unavailable", sourceLocation: sourceLocation)
        #expect(response.headers[.retryAfter].flatMap(Int.init) ?? 0 >= 1, sourceLocation: sourceLocation)
    }

    @Test func aStoppedDatabaseIsAnswered503WithRetryAfterAndTheFirstRequestAfterItsReturnSucceeds() async throws {
        let cluster = try await StoppablePostgres.start()
        try await cluster.removed(after: try await Self.app(cluster.url).test(.router) { client in
            try await Self.waitUntilHealthy(client)
            let token = try await client.register("mina@example.com").accessToken
            let batch = quizBatch("q1", correct: 3, count: 5, at: TestServer.start)
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .ok)

            try await cluster.stopServer()
            Self.expectUnavailable(try await Self.answer { try await client.get("/v1/results/summary", token: token) })
            let later = quizBatch("q2", correct: 2, count: 4, at: TestServer.start.addingTimeInterval(60))
            Self.expectUnavailable(try await Self.answer { try await client.post("/v1/results", json: later, token: token) })
            Self.expectUnavailable(try await Self.answer {
                try await client.post("/v1/auth/login", json: CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            })
            #expect(try await Self.answer { try await client.get("/health") }.status == .serviceUnavailable)

            try await cluster.startServer()
            // The pool's connections died with the server: the first request is still answered, not a 500.
            let first = try await Self.answer { try await client.get("/v1/results/summary", token: token) }
            #expect(first.status == .ok)
            #expect(try first.decode(ResultSummaryResponse.self).results == 5)
            // The refused upload sent again is stored once, the earlier one not doubled.
            #expect(try await client.post("/v1/results", json: later, token: token).status == .ok)
            #expect(try await client.post("/v1/results", json: later, token: token).status == .ok)
            #expect(try await client.get("/v1/results/summary", token: token).decode(ResultSummaryResponse.self).results == 9)
        })
    }

    @Test func aFrozenDatabaseIsAnswered503WithinTheDeadlineAndHealthWithinItsLimit() async throws {
        let cluster = try await StoppablePostgres.start()
        try await cluster.removed(after: try await Self.app(cluster.url).test(.router) { client in
            try await Self.waitUntilHealthy(client)
            let token = try await client.register("mina@example.com").accessToken
            #expect(try await client.get("/v1/results/summary", token: token).status == .ok)

            try cluster.freeze()
            let batch = quizBatch("q1", correct: 3, count: 5, at: TestServer.start)
            Self.expectUnavailable(try await Self.answer { try await client.post("/v1/results", json: batch, token: token) })
            Self.expectUnavailable(try await Self.answer { try await client.get("/v1/results/summary", token: token) })
            let health = try await Self.answer { try await client.get("/health") }
            #expect(health.status == .serviceUnavailable)

            try cluster.thaw()
            #expect(try await Self.answer { try await client.get("/health") }.status == .ok)
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .ok)
            #expect(try await client.get("/v1/results/summary", token: token).decode(ResultSummaryResponse.self).results == 5)
        })
    }
}
