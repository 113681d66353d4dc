import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
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
            func upload(_ range: Range<Int>) throws -> [UInt8] {
                let body = Array(try JSON.encoder.encode(ResultUploadRequest(results: Array(batch.results[range]),
                                                                             quizzes: batch.quizzes)))
                return RawHTTPConnection.postHead("/v1/results", body: body, token: token) + body
            }
            func results() async throws -> Int {
                try await survivor.get("/v1/results/summary", token: token).decode(ResultSummaryResponse.self).results
            }

            // The device syncs in parts with the instance about to die. The first is answered;
            let first = try await RawHTTPConnection.connect(port: dying.port)
            try await first.send(try upload(0..<2))
            let answer = String(decoding: try await first.readUntilClosed(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 200"))

            // the second is stored, but its answer is lost on the way (the test reads it only to know that the
            // results are stored; the device never sees it);
            let second = try await RawHTTPConnection.connect(port: dying.port)
            try await second.send(try upload(2..<4))
            _ = try await second.readUntilClosed()
            #expect(try await results() == 4)

            // the third is in the middle of its transaction, held up by a lock, when the instance dies. A killed
            // process's database session ends with it, and its transaction is rolled back: the test ends that
            // session, then stops the instance hard. (In one process it must be in that order: once cancelled, the
            // instance's connection pool no longer fails the query its session was running, and the instance
            // would wait for it.)
            try await TestPostgres.withConnection(to: url) { lock in
                try await lock.run("BEGIN", logger: TestPostgres.logger)
                try await lock.run("LOCK TABLE result IN EXCLUSIVE MODE", logger: TestPostgres.logger)
                let third = try await RawHTTPConnection.connect(port: dying.port)
                try await third.send(try upload(4..<6))
                // Without the upload's session waiting to be ended, its answer could never come: stop here then.
                let waiting = try await Self.sessionsWaitingForALock(lock, within: .seconds(60))
                try #require(waiting.count == 1)
                let ended = try await lock.rows("SELECT pg_terminate_backend(\(waiting[0])) AS ended",
                                                logger: TestPostgres.logger).first?.value("ended", as: Bool.self)
                try #require(ended == true)
                let cutOff = String(decoding: try await third.readUntilClosed(), as: UTF8.self)
                #expect(!cutOff.hasPrefix("HTTP/1.1 200"))
                dying.kill()
                #expect(await dying.stopped(within: .seconds(60)))
                try await lock.run("COMMIT", logger: TestPostgres.logger)
            }
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

    /// The sessions of this database waiting for a lock (the killed instance's upload, behind the test's), once
    /// there are any; none when there are none within `limit`. PostgreSQL tells no one when a session starts waiting,
    /// so the test looks every 20 ms.
    static func sessionsWaitingForALock(_ connection: PostgresConnection, within limit: Duration) async throws
        -> [Int32] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            // Statistics are read once per transaction unless cleared.
            try await connection.run("SELECT pg_stat_clear_snapshot()", logger: TestPostgres.logger)
            let waiting = try await connection.rows("""
                SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """, logger: TestPostgres.logger).map { try $0.value("pid", as: Int32.self) }
            if !waiting.isEmpty { return waiting }
            try await Task.sleep(for: .milliseconds(20))
        }
        return []
    }
}
