import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// `GET /v1/questions/ratings` against a client that lies: one account answering the same questions wrong in quiz
/// after quiz to make them look hard for everyone, and results for questions the server cannot check. Each account's
/// first answer to a question is its one vote; what the server cannot check is not rated.
@Suite struct QuestionRatingsLiarTests {
    @Test(arguments: StorageBackend.allCases)
    func oneAccountAnsweringAgainAndAgainIsOneVote(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let jun = try await client.register("jun@example.com").accessToken
            let liar = try await client.register("liar@example.com").accessToken
            // Jun's honest play first: all three right.
            let honest = try await client.post("/v1/results", json: quizBatch("honest", correct: 3, count: 3, at: TestServer.start),
                                               token: jun)
            #expect(honest.status == .ok)
            // The liar: the same three questions wrong, ten quizzes in a row at human speed (the hour before).
            for quiz in 0..<10 {
                let batch = quizBatch("wrong-\(quiz)", correct: 0, count: 3,
                                      at: TestServer.start.addingTimeInterval(-Double(quiz + 1) * 600))
                let answer = try await client.post("/v1/results", json: batch, token: liar).decode(ResultUploadResponse.self)
                #expect(answer.accepted.count == 3, "\(answer.refusals)")
            }
            // And answers to a question no pack holds, in bulk.
            let invented = ResultUploadRequest(results: (0..<200).map {
                ResultVerificationTests.result("x\($0)", quiz: "wrong-0", question: "made-up-\($0)", outcome: .wrong,
                                               at: TestServer.start.addingTimeInterval(-600 + Double($0)))
            })
            _ = try await client.post("/v1/results", json: invented, token: liar)
            let ratings = try await client.get("/v1/questions/ratings").decode(QuestionRatingsResponse.self).ratings
            #expect(ratings.count == 3, "\(ratings.map(\.questionId))")
            #expect(ratings.allSatisfy { $0.questionId.hasPrefix("country-") })
            for entry in ratings {
                #expect(entry.answers == 2, "\(entry)")
                // One right and one wrong vote: an average question, not the liar's ten wrong answers.
                #expect(abs(entry.value) < 1e-9, "\(entry)")
            }
        }
    }
}
