import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// `GET /v1/questions/ratings`: every player's answers to each question as a difficulty.
@Suite struct QuestionRatingsTests {
    @Test(arguments: StorageBackend.allCases)
    func everyPlayersAnswersBecomeEachQuestionsDifficulty(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let empty = try await client.get("/v1/questions/ratings").decode(QuestionRatingsResponse.self)
            #expect(empty.ratings.isEmpty)
            // Two players: country-0001 is right for both, country-0002 for one, country-0003 for none.
            let mina = try await client.register("mina@example.com").accessToken
            let jun = try await client.register("jun@example.com").accessToken
            _ = try await client.post("/v1/results", json: quizBatch("qa", correct: 2, count: 3, at: TestServer.start), token: mina)
            _ = try await client.post("/v1/results", json: quizBatch("qb", correct: 1, count: 3, at: TestServer.start), token: jun)
            let ratings = try await client.get("/v1/questions/ratings").decode(QuestionRatingsResponse.self).ratings
            let byId = Dictionary(uniqueKeysWithValues: ratings.map { ($0.questionId, $0) })
            #expect(byId.count == 3 && byId.values.allSatisfy { $0.answers == 2 })
            let easy = try #require(byId["country-0001"]?.value)
            let even = try #require(byId["country-0002"]?.value)
            let hard = try #require(byId["country-0003"]?.value)
            #expect(easy < even && even < hard)
            #expect(abs(even) < 1e-9, "right half the time: an average question")
            #expect(abs(easy - log(1.0 / 3.0)) < 1e-9)
        }
    }
}
