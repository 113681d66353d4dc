import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 15: one of two instances on one PostgreSQL is killed in the middle of a device's sync, and the other
/// finishes it, holding every result once.
@Suite struct KilledInstanceTests {
    @Test func anUploadCutOffByAKilledInstanceIsFinishedOnTheOtherOnce() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let dying = try await KillableInstance.start(try await SharedPostgresTests.instance(url))
        try await SharedPostgresTests.instance(url).test(.router) { survivor in
            let token = try await survivor.register("mina@example.com").accessToken
            let batch = quizBatch("q1", correct: 4, count: 6, at: TestServer.start)
            func part(_ range: Range<Int>) throws -> [UInt8] {
                Array(try JSON.encoder.encode(ResultUploadRequest(results: Array(batch.results[range]),
                                                                  quizzes: batch.quizzes)))
            }
            func results() async throws -> Int {
                try await survivor.get("/v1/results/summary", token: token).decode(ResultSummaryResponse.self).results
            }

            // The device syncs in parts with the instance about to die. The first is answered;
            let first = try await RawHTTPConnection.connect(port: dying.port)
            let firstBody = try part(0..<2)
            try await first.send(RawHTTPConnection.postHead("/v1/results", body: firstBody, token: token) + firstBody)
            let answer = String(decoding: try await first.readUntilClosed(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 200"))

            // the second is stored, but its answer never read;
            let second = try await RawHTTPConnection.connect(port: dying.port)
            let secondBody = try part(2..<4)
            try await second.send(RawHTTPConnection.postHead("/v1/results", body: secondBody, token: token) + secondBody)
            for _ in 0..<400 where try await results() < 4 { try await Task.sleep(for: .milliseconds(25)) }
            #expect(try await results() == 4)

            // the third is half sent when the instance is killed.
            let third = try await RawHTTPConnection.connect(port: dying.port)
            let thirdBody = try part(4..<6)
            try await third.send(RawHTTPConnection.postHead("/v1/results", body: thirdBody, token: token)
                                 + thirdBody.prefix(thirdBody.count / 2))
            await dying.kill()
            let cutOff = String(decoding: try await third.readUntilClosed(), as: UTF8.self)
            #expect(!cutOff.hasPrefix("HTTP/1.1 200"))
            await #expect(throws: RawHTTPConnection.Failure.self) {
                _ = try await RawHTTPConnection.connect(port: dying.port)
            }
            #expect(try await results() == 4)

            // Not knowing what landed, the device sends the whole batch to the instance left.
            let retried = try await survivor.post("/v1/results", json: batch, token: token)
                .decode(ResultUploadResponse.self)
            #expect(Set(retried.accepted) == Set(batch.results.map(\.id)))
            #expect(retried.acceptedQuizzes == ["q1"] && retried.refusals.isEmpty)
            let summary = try await survivor.get("/v1/results/summary", token: token)
                .decode(ResultSummaryResponse.self)
            #expect(summary.results == 6 && summary.correct == 4 && summary.quizzes == 1)
        }
    }
}
