import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Stage progress on each backend: the furthest of each category and type wins, and a client that claims more
/// stages than the stage quizzes it uploaded and passed gets only those.
@Suite struct StageProgressTests {
    let played = TestServer.start.addingTimeInterval(-3600)

    /// A stage quiz of 5 in country, multiple choice, with `correct` right.
    func stageQuiz(_ id: String, correct: Int) -> ResultUploadRequest {
        var batch = quizBatch(id, correct: correct, count: 5, at: played)
        batch.quizzes[0].format = .stage
        return batch
    }

    func reached(_ category: QuizCategory, _ highest: Int, at offset: TimeInterval = 0) -> StageReached {
        StageReached(category: category, type: .multipleChoice, highestCleared: highest,
                     updatedAt: played.addingTimeInterval(offset))
    }

    @Test(arguments: StorageBackend.allCases)
    func theFurthestWinsButNeverPastTheStagesTheServerSawPassed(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let bo = try await client.register("bo@example.com").accessToken
            func send(_ stages: [StageReached], as token: String = mina) async throws -> [StageReached] {
                let response = try await client.post("/v1/results/stages", json: StagesRequest(stages: stages), token: token)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(StagesResponse.self).stages
            }
            // Nothing uploaded: a claim of stage 30 keeps nothing.
            #expect(try await send([reached(.country, 30)]).isEmpty)
            // Three stage quizzes, two passed (4 and 5 of 5), one failed; one individual quiz passed.
            for (id, correct) in [("s1", 4), ("s2", 5), ("s3", 2)] {
                #expect(try await client.post("/v1/results", json: stageQuiz(id, correct: correct), token: mina).status == .ok)
            }
            #expect(try await client.post("/v1/results", json: quizBatch("i1", correct: 5, count: 5, at: played),
                                          token: mina).status == .ok)
            #expect(try await send([reached(.country, 30)]) == [reached(.country, 2)])
            // Another device, less far: the furthest stays.
            #expect(try await send([reached(.country, 1, at: 60)]) == [reached(.country, 2)])
            // Another account's claim is its own, and bounded by its own quizzes.
            #expect(try await send([reached(.country, 2)], as: bo).isEmpty)
        }
    }

    @Test func badClaimsAreRefused() async throws {
        try await TestServer.app().test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            func status(_ stages: [StageReached]) async throws -> HTTPResponse.Status {
                try await client.post("/v1/results/stages", json: StagesRequest(stages: stages), token: mina).status
            }
            #expect(try await client.post("/v1/results/stages", json: StagesRequest(stages: [])).status == .unauthorized)
            #expect(try await status([reached(.country, -1)]) == .badRequest)
            #expect(try await status([reached(.country, 1), reached(.country, 2)]) == .badRequest)
            #expect(try await status(Array(repeating: reached(.music, 1), count: 65)) == .contentTooLarge)
            #expect(try await client.post("/v1/results/stages", raw: #"{"stages":[{"category":"space","type":"mc","highestCleared":1,"updatedAt":"2026-01-01T00:00:00Z"}]}"#,
                                          token: mina).status == .badRequest)
        }
    }
}
