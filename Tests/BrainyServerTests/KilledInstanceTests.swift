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
    /// Off in CI: on a fresh clone's run (2 cores, fully loaded) one of its raw reads timed out after 10 s
    /// ("recv: Resource temporarily unavailable") while it passed in every run on its own. The same case with real
    /// processes and a real kill -9 runs in CI as the torture suite's `instance-kill` mode; run this one with
    /// BRAINY_KILLED_INSTANCE_TEST=1 until the timeout is understood.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BRAINY_KILLED_INSTANCE_TEST"] == "1"))
    func anUploadCutOffByAKilledInstanceIsFinishedOnTheOtherOnce() async throws {
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

            // the second is stored, but its answer never read;
            let second = try await RawHTTPConnection.connect(port: dying.port)
            try await second.send(try upload(2..<4))
            for _ in 0..<400 where try await results() < 4 { try await Task.sleep(for: .milliseconds(25)) }
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
                for _ in 0..<400 where try await !Self.aTransactionWaitsForALock(lock) {
                    try await Task.sleep(for: .milliseconds(25))
                }
                #expect(try await Self.aTransactionWaitsForALock(lock))
                try await lock.run("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """, logger: TestPostgres.logger)
                let cutOff = String(decoding: try await third.readUntilClosed(), as: UTF8.self)
                #expect(!cutOff.hasPrefix("HTTP/1.1 200"))
                dying.kill()
                #expect(await dying.stopped(within: .seconds(30)))
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

    /// Whether a session of this database waits for a lock (the killed instance's upload, behind the test's).
    static func aTransactionWaitsForALock(_ connection: PostgresConnection) async throws -> Bool {
        // Statistics are read once per transaction unless cleared.
        try await connection.run("SELECT pg_stat_clear_snapshot()", logger: TestPostgres.logger)
        return try await connection.rows("""
            SELECT count(*) AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
            """, logger: TestPostgres.logger).first?.value("waiting", as: Int.self) ?? 0 > 0
    }
}
