import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

@Suite struct ResultsTests {
    @Test(arguments: StorageBackend.allCases)
    func theSameBatchTwiceCountsOnce(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let batch = quizBatch("q1", correct: 3, count: 5, at: TestServer.start)
            let first = try await client.post("/v1/results", json: batch, token: mina.accessToken)
            #expect(first.status == .ok)
            let accepted = try first.decode(ResultUploadResponse.self)
            #expect(accepted.accepted == batch.results.map(\.id))
            #expect(accepted.acceptedQuizzes == ["q1"])
            #expect(accepted.rejected.isEmpty)

            let second = try await client.post("/v1/results", json: batch, token: mina.accessToken)
            #expect(try second.decode(ResultUploadResponse.self) == accepted)

            let board = try await client.get("/v1/leaderboard/daily?date=2026-11-22", token: mina.accessToken)
                .decode(LeaderboardResponse.self)
            #expect(board.you == .init(rank: 1, score: 3, accuracy: 0.6))
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func datesMayCarryFractionalSecondsAndOffsets(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let token = try await client.register("mina@example.com").accessToken
            let body = #"{"results": [{"id": "r1", "quizId": "q", "questionId": "country-0001", "category": "country", "type": "mc", "outcome": "correct", "timeSpent": 1, "answeredAt": "2026-11-22T15:00:00.250+09:00", "hintUsed": false, "answer": "\#(answer(to: "country-0001", right: true))"}], "quizzes": [{"id": "q", "category": "country", "type": "mc", "format": "individual", "correctCount": 1, "questionCount": 1, "startedAt": "2026-11-22T14:59:58.5+09:00", "finishedAt": "2026-11-22T06:00:00.250Z"}]}"#
            let response = try await client.post("/v1/results", raw: body, token: token)
            #expect(response.status == .ok)
            let board = try await client.get("/v1/leaderboard/daily?date=2026-11-22", token: token)
                .decode(LeaderboardResponse.self)
            #expect(board.you?.score == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func resultsNeedAValidAccessToken(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let batch = quizBatch("q1", correct: 1, count: 1, at: TestServer.start)
            let none = try await client.post("/v1/results", json: batch)
            #expect(none.status == .unauthorized)
            #expect(none.error?.code == "unauthorized")

            var parts = mina.accessToken.split(separator: ".").map(String.init)
            parts[1] = Base64URL.encode(Data(#"{"exp":4102444800,"iat":0,"iss":"brainy-server","sub":"someone-else"}"#.utf8))
            let forged = try await client.post("/v1/results", json: batch, token: parts.joined(separator: "."))
            #expect(forged.status == .unauthorized)
            #expect(forged.error?.code == "invalid_token")
            let garbage = try await client.post("/v1/results", json: batch, token: "not.a.jwt")
            #expect(garbage.status == .unauthorized)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenWhoseAccountIsGoneIs401NotA500(_ backend: StorageBackend) async throws {
        let secret = "a-kept-secret-of-enough-bytes"
        let session = try await TestServer.app(backend: backend, secret: secret).test(.router) { client in
            try await client.register("mina@example.com")
        }
        // The same secret on a new, empty database: the token's signature holds but its login and account are gone.
        try await TestServer.app(backend: backend, secret: secret).test(.router) { client in
            let response = try await client.post("/v1/results", json: quizBatch("q1", correct: 1, count: 1, at: TestServer.start),
                                                 token: session.accessToken)
            #expect(response.status == .unauthorized)
            #expect(response.error?.code == "session_ended")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anotherUsersResultsCannotBeOverwrittenOrClaimed(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let joon = try await client.register("joon@example.com")
            let minas = quizBatch("q1", correct: 5, count: 5, at: TestServer.start)
            _ = try await client.post("/v1/results", json: minas, token: mina.accessToken)

            // Joon sends Mina's ids (all wrong answers): nothing of hers changes, nothing becomes his.
            let hostile = quizBatch("q1", correct: 0, count: 5, at: TestServer.start)
            let response = try await client.post("/v1/results", json: hostile, token: joon.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(response.accepted.isEmpty)
            #expect(response.acceptedQuizzes.isEmpty)
            #expect(Set(response.rejected) == Set(hostile.results.map(\.id) + ["q1"]))

            let boardForMina = try await client.get("/v1/leaderboard/daily?date=2026-11-22", token: mina.accessToken)
                .decode(LeaderboardResponse.self)
            #expect(boardForMina.you == .init(rank: 1, score: 5, accuracy: 1))
            let boardForJoon = try await client.get("/v1/leaderboard/daily?date=2026-11-22", token: joon.accessToken)
                .decode(LeaderboardResponse.self)
            #expect(boardForJoon.you == nil)
            #expect(boardForJoon.entries.map(\.displayName) == ["mina"])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func oversizedBatchesAndBodiesAre413(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let big = quizBatch("q1", correct: 0, count: ResultsController.maxBatch + 1, at: TestServer.start)
            let tooMany = try await client.post("/v1/results", json: big, token: mina.accessToken)
            #expect(tooMany.status == .contentTooLarge)
            #expect(tooMany.error?.code == "batch_too_large")

            let padding = String(repeating: " ", count: 5 * 1024 * 1024 + 1)
            let huge = try await client.post("/v1/results", raw: "{\"results\": []\(padding)}", token: mina.accessToken)
            #expect(huge.status == .contentTooLarge)
            #expect(huge.error?.code == "too_large")
        }
    }
}

@Suite struct LeaderboardTests {
    @Test(arguments: StorageBackend.allCases)
    func playersAreRankedByScoreThenAccuracyWithTheCallersOwnRank(_ backend: StorageBackend) async throws {
        // Accounts made the day before: answers from before an account existed are not ranked.
        let clock = ManualClock(TestServer.start.addingTimeInterval(-86_400))
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            for name in ["mina", "joon", "hana"] { _ = try await client.register("\(name)@example.com") }
            clock.advance(by: 86_400)
            let mina = try await client.login("mina@example.com")
            let joon = try await client.login("joon@example.com")
            let hana = try await client.login("hana@example.com")
            _ = try await client.post("/v1/results", json: quizBatch("m1", correct: 4, count: 5, at: TestServer.start),
                                      token: mina.accessToken)
            _ = try await client.post("/v1/results", json: quizBatch("j1", correct: 4, count: 4, at: TestServer.start),
                                      token: joon.accessToken)
            _ = try await client.post("/v1/results", json: quizBatch("h1", correct: 1, count: 5, at: TestServer.start),
                                      token: hana.accessToken)
            // Yesterday's answers do not count today.
            _ = try await client.post("/v1/results",
                                      json: quizBatch("h0", correct: 9, count: 9, at: TestServer.start.addingTimeInterval(-86_400)),
                                      token: hana.accessToken)

            let response = try await client.get("/v1/leaderboard/daily", token: hana.accessToken)
            #expect(response.status == .ok)
            let board = try response.decode(LeaderboardResponse.self)
            #expect(board.date == "2026-11-22")
            #expect(board.entries == [
                .init(rank: 1, displayName: "joon", score: 4, accuracy: 1),
                .init(rank: 2, displayName: "mina", score: 4, accuracy: 0.8),
                .init(rank: 3, displayName: "hana", score: 1, accuracy: 0.2),
            ])
            #expect(board.you == .init(rank: 3, score: 1, accuracy: 0.2))

            // Nor on yesterday's board: that day closed (past its grace) before they were sent.
            let yesterday = try await client.get("/v1/leaderboard/daily?date=2026-11-21", token: mina.accessToken)
                .decode(LeaderboardResponse.self)
            #expect(yesterday.entries.isEmpty)
            #expect(yesterday.you == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aBadDateIs400(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            for date in ["2026-13-01", "yesterday", "2026-02-30", "26-11-22"] {
                let response = try await client.get("/v1/leaderboard/daily?date=\(date)", token: mina.accessToken)
                #expect(response.status == .badRequest, "\(date)")
                #expect(response.error?.code == "bad_request")
            }
        }
    }
}
