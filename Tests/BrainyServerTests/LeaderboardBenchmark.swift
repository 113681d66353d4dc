import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyServer

/// Not a test: what one day's leaderboard costs on a SQLite file holding a busy day, read from `first_answer` and
/// ranked as before it existed (a window over the day's results), and what keeping first answers costs an upload.
/// Runs only with BRAINY_LEADERBOARD_BENCH set, to the number of players (each uploads 5 batches of 20 results, 100
/// distinct questions, 70% right): `BRAINY_LEADERBOARD_BENCH=1500 swift test --skip-build --filter
/// LeaderboardBenchmark`. Prints its figures.
@Suite struct LeaderboardBenchmark {
    static let players = Int(ProcessInfo.processInfo.environment["BRAINY_LEADERBOARD_BENCH"] ?? "") ?? 0

    /// The leaderboard's query before `first_answer`.
    static let rankingTheDay = """
        SELECT first.accountId, a.displayName,
               SUM(first.outcome = 'correct') AS correct, SUM(first.outcome <> 'skipped') AS answered
        FROM (
            SELECT accountId, outcome,
                   ROW_NUMBER() OVER (PARTITION BY accountId, questionId ORDER BY answeredAt, id) AS n
            FROM result
            WHERE ranked AND answeredAt >= ? AND answeredAt < ?
        ) first JOIN account a ON a.id = first.accountId
        WHERE first.n = 1
        GROUP BY first.accountId
        """

    @Test(.enabled(if: players > 0))
    func oneDaysLeaderboardOnAFullDay() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leaderboard-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = TestServer.start
        let (from, to) = (UTCDay.start(of: start), UTCDay.start(of: start).addingTimeInterval(86_400))

        let ranked = try ServerDatabase.openFile(at: folder.appendingPathComponent("ranked.sqlite").path)
        let rankedFill = try await fill(ranked, ranked: true, start: start)
        let unranked = try ServerDatabase.openFile(at: folder.appendingPathComponent("unranked.sqlite").path)
        let unrankedFill = try await fill(unranked, ranked: false, start: start)

        let kept = try await ranked.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM first_answer") }
        var now: [Duration] = []
        var before: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<7 {
            var scores: [DailyScore] = []
            now.append(try await clock.measure { scores = try await ranked.dailyScores(on: start) })
            var rows = 0
            before.append(try await clock.measure {
                rows = try await ranked.writer.read { db in
                    try Row.fetchAll(db, sql: Self.rankingTheDay, arguments: [from, to]).count
                }
            })
            #expect(scores.count == Self.players && rows == Self.players)
        }
        let results = Self.players * 100
        print("""
            leaderboard bench: \(Self.players) players, \(results) ranked results on one day, \(kept ?? 0) first answers
            GET /v1/leaderboard/daily's query, 7 runs, min / median: from first_answer \(Self.summary(now)); \
            ranking the day's results (before) \(Self.summary(before))
            storing them, 5 batches of 20 a player: ranked (with first answers) \(Self.rate(rankedFill, results)); \
            unranked (none kept) \(Self.rate(unrankedFill, results))
            """)
    }

    /// Makes the players and stores their results one batch at a time, as uploads do; how long the storing took.
    func fill(_ database: ServerDatabase, ranked: Bool, start: Date) async throws -> Duration {
        var storing = Duration.zero
        let clock = ContinuousClock()
        for player in 0..<Self.players {
            let id = String(format: "player-%05d", player)
            _ = try await database.createAccount(ServerAccount(id: id, email: "\(id)@example.com", displayName: id,
                                                               passwordHash: "hash", createdAt: start))
            for batch in 0..<5 {
                let results = (0..<20).map { index in
                    let n = batch * 20 + index
                    return CheckedResult(result: UploadedResult(
                        id: "\(id)-r\(n)", quizId: "\(id)-q\(batch)", questionId: "q-\((player * 37 + n * 13) % 3000)",
                        category: .country, type: .multipleChoice, outcome: (player + n) % 10 < 7 ? .correct : .wrong,
                        timeSpent: 3, answeredAt: start.addingTimeInterval(Double(player * 10 + n)), hintUsed: false,
                        answer: nil), ranked: ranked)
                }
                storing += try await clock.measure {
                    _ = try await database.storeResults(results, quizzes: [], userId: id, receivedAt: start)
                }
            }
        }
        return storing
    }

    static func summary(_ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        return "\(milliseconds(sorted[0])) / \(milliseconds(sorted[sorted.count / 2])) ms"
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }

    static func rate(_ duration: Duration, _ results: Int) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.1f s, %.0f results/s", seconds, Double(results) / seconds)
    }
}
