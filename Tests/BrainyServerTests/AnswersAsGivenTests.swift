import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// A result's answer as given and its options' order as shown travel with it (both optional): the server keeps them
/// on each backend, sends them back in the changes pages, and refuses a batch that carries more than a device would.
@Suite struct AnswersAsGivenTests {
    let start = TestServer.start

    /// A quiz whose first answer carries what a device now sends, the second (an older device's) nothing of it.
    func batch(given: String = "B", order: [Int]? = [2, 0, 3, 1]) -> ResultUploadRequest {
        var batch = quizBatch("q1", correct: 1, count: 2, at: start.addingTimeInterval(-3_600))
        batch.results[0].given = given
        batch.results[0].optionOrder = order
        return batch
    }

    @Test(arguments: StorageBackend.allCases)
    func theChangesBringBackTheAnswerAsGivenAndTheOptionsAsShown(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let account = ServerAccount(id: "a", email: "a@example.com", displayName: "a", passwordHash: "hash",
                                        createdAt: start.addingTimeInterval(-86_400))
            #expect(try await store.createAccount(account))
            let sent = batch()
            _ = try await store.storeResults(sent.results.map { CheckedResult(result: $0, ranked: true) },
                                             quizzes: sent.quizzes, userId: "a", receivedAt: start)
            let page = try await store.changes(accountId: "a", since: 0, limit: 100)
            #expect(page.results == sent.results)
            #expect(page.results[0].given == "B")
            #expect(page.results[0].optionOrder == [2, 0, 3, 1])
            #expect(page.results[0].answer == sent.results[0].answer)
            #expect(page.results[1].given == nil && page.results[1].optionOrder == nil)
        }
    }

    @Test func aLyingClientSendingMegabytesIsRefusedAndNothingIsKept() async throws {
        let app = try await TestServer.app()
        try await app.test(.router) { client in
            let session = try await client.register("mina@example.com")
            let lies: [(String, ResultUploadRequest)] = [
                ("a megabyte typed", batch(given: String(repeating: "x", count: 1 << 20))),
                ("four megabytes typed", batch(given: String(repeating: "가", count: 1 << 20))),
                ("1,025 bytes typed", batch(given: String(repeating: "x", count: QuizFlow.answerLimit + 1))),
                ("nine options", batch(order: Array(0..<9))),
                ("200,000 options", batch(order: Array(repeating: 0, count: 200_000))),
                ("an option repeated", batch(order: [1, 1])),
                ("an option out of range", batch(order: [0, 8])),
                ("a negative option", batch(order: [-1, 0])),
            ]
            for (lie, body) in lies {
                let response = try await client.post("/v1/results", json: body, token: session.accessToken)
                #expect([.badRequest, .contentTooLarge].contains(response.status), "\(lie)")
            }
            let summary = try await client.get("/v1/results/summary", token: session.accessToken)
                .decode(ResultSummaryResponse.self)
            #expect(summary.results == 0 && summary.quizzes == 0)
            // At the bounds it is held, and comes back as sent.
            let honest = batch(given: String(repeating: "x", count: QuizFlow.answerLimit), order: Array((0..<8).reversed()))
            #expect(try await client.post("/v1/results", json: honest, token: session.accessToken).status == .ok)
            let page = try await client.get("/v1/results/changes", token: session.accessToken)
                .decode(SyncChangesResponse.self)
            #expect(page.results.first { $0.id == "q1-r0" }?.given?.count == QuizFlow.answerLimit)
            #expect(page.results.first { $0.id == "q1-r0" }?.optionOrder == [7, 6, 5, 4, 3, 2, 1, 0])
        }
    }

    @Test func anOlderDevicesBatchWithoutThemIsStillHeld() async throws {
        let app = try await TestServer.app()
        try await app.test(.router) { client in
            let session = try await client.register("mina@example.com")
            let old = quizBatch("q1", correct: 1, count: 2, at: start.addingTimeInterval(-3_600))
            let json = String(decoding: try JSON.encoder.encode(old), as: UTF8.self)
            #expect(!json.contains("given") && !json.contains("optionOrder"))
            #expect(try await client.post("/v1/results", json: old, token: session.accessToken).status == .ok)
            let page = try await client.get("/v1/results/changes", token: session.accessToken)
                .decode(SyncChangesResponse.self)
            #expect(page.results.count == 2 && page.results.allSatisfy { $0.given == nil && $0.optionOrder == nil })
        }
    }
}
