import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// A stage quiz's number travels with it (`UploadedQuiz.stage`): the server keeps it on each backend and sends it
/// back in the changes pages, so that another device restores the quiz as the device that played it. It is the
/// client's word about that quiz only: a number the served pack has no stage for is dropped (the quiz is held without
/// it), and no number clears a stage.
@Suite struct QuizStageNumberTests {
    let played = TestServer.start.addingTimeInterval(-3600)
    /// The served pack's whole stages of country (multiple choice deals from all its questions).
    let countryStages = bundledQuestions.values
        .filter { $0.category == .country && !$0.id.hasPrefix("ai-") }.count / StagePlan.stageSize

    /// A quiz of 5 in country, multiple choice, all right, carrying `stage`.
    func quiz(_ id: String, stage: Int?, format: QuizFormat = .stage) -> ResultUploadRequest {
        var batch = quizBatch(id, correct: 5, count: 5, at: played)
        batch.quizzes[0].format = format
        batch.quizzes[0].stage = stage
        return batch
    }

    /// Each quiz id of the account's first changes page with the stage number it came back with.
    func stagesSent(_ client: some TestClientProtocol, token: String) async throws -> [String: Int?] {
        let page = try await client.get("/v1/results/changes", token: token).decode(SyncChangesResponse.self)
        return Dictionary(uniqueKeysWithValues: page.quizzes.map { ($0.id, $0.stage) })
    }

    @Test(arguments: StorageBackend.allCases)
    func theChangesBringBackEachStageQuizsNumber(_ backend: StorageBackend) async throws {
        #expect(countryStages > 3)
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            for batch in [quiz("s3", stage: 3), quiz("last", stage: countryStages), quiz("i1", stage: nil, format: .individual)] {
                #expect(try await client.post("/v1/results", json: batch, token: mina).status == .ok)
            }
            // An older device's quiz carries no number, and is held as before.
            let old = String(decoding: try JSON.encoder.encode(quiz("old", stage: nil)), as: UTF8.self)
            #expect(!old.contains("\"stage\":"))
            let response = try await client.post("/v1/results", raw: old, token: mina)
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.decode(ResultUploadResponse.self).acceptedQuizzes == ["old"])
            #expect(try await stagesSent(client, token: mina)
                    == ["s3": 3, "last": countryStages, "i1": nil, "old": nil])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aLyingClientsStageNumbersAreDroppedAndTheQuizzesHeld(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let lies: [(String, ResultUploadRequest)] = [
                ("stage 0", quiz("zero", stage: 0)),
                ("stage -1", quiz("negative", stage: -1)),
                ("stage 10^9", quiz("billion", stage: 1_000_000_000)),
                ("the largest integer", quiz("max", stage: Int.max)),
                ("the smallest integer", quiz("min", stage: Int.min)),
                ("one past the pack's last stage", quiz("past", stage: countryStages + 1)),
                ("a number on a quiz of another format", quiz("individual", stage: 2, format: .individual)),
            ]
            for (lie, batch) in lies {
                let response = try await client.post("/v1/results", json: batch, token: mina)
                #expect(response.status == .ok, "\(lie): \(response.text)")
                let answer = try response.decode(ResultUploadResponse.self)
                #expect(answer.acceptedQuizzes == batch.quizzes.map(\.id), "\(lie)")
                #expect(answer.rejected.isEmpty, "\(lie)")
            }
            let sent = try await stagesSent(client, token: mina)
            #expect(sent.count == lies.count)
            #expect(sent.values.allSatisfy { $0 == nil }, "\(sent)")
            // A number past what JSON's integers hold is no quiz: the batch is refused whole.
            let huge = #"{"results":[],"quizzes":[{"id":"huge","category":"country","type":"mc","format":"stage","correctCount":0,"questionCount":5,"startedAt":"2026-01-01T00:00:00Z","stage":1e30}]}"#
            #expect(try await client.post("/v1/results", raw: huge, token: mina).status == .badRequest)
            #expect(try await stagesSent(client, token: mina)["huge"] == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aQuizsNumberClearsNoStage(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            func claim(_ highest: Int) async throws -> [StageReached] {
                let claim = StageReached(category: .country, type: .multipleChoice, highestCleared: highest,
                                         updatedAt: played)
                let response = try await client.post("/v1/results/stages", json: StagesRequest(stages: [claim]),
                                                     token: mina)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(StagesResponse.self).stages
            }
            // One passed stage quiz that says it is the pack's last stage: kept as its number, and it is one stage.
            #expect(try await client.post("/v1/results", json: quiz("last", stage: countryStages), token: mina)
                        .status == .ok)
            #expect(try await stagesSent(client, token: mina) == ["last": countryStages])
            #expect(try await claim(0).isEmpty)
            #expect(try await claim(countryStages).map(\.highestCleared) == [1])
        }
    }

    @Test func anOlderServersPageWithoutNumbersStillDecodes() throws {
        let page = #"{"quizzes":[{"id":"q1","category":"music","type":"short","format":"stage","correctCount":4,"questionCount":5,"startedAt":"2026-01-01T00:00:00Z","finishedAt":"2026-01-01T00:01:00Z"}],"results":[],"cursor":1,"more":false}"#
        let decoded = try JSON.decoder.decode(SyncChangesResponse.self, from: Data(page.utf8))
        #expect(decoded.quizzes.map(\.id) == ["q1"])
        #expect(decoded.quizzes[0].stage == nil)
    }
}
