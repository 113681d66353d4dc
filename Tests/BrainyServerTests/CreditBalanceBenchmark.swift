import BrainyKit
import Foundation
import GRDB
import PostgresNIO
import Testing
@testable import BrainyServer

/// Not a test: what an account's balance costs when it holds many credit events, on each backend, read as it was
/// before v21/v18-credit-balances (a sum over every event of the account) beside the kept balance (a row per kind),
/// and what a ledger page and an upload of one event cost now, balance included. Runs only with BRAINY_CREDIT_BENCH
/// set, to the number of events (a start, then uses): `BRAINY_CREDIT_BENCH=20000
/// .build/debug/BrainyPackageTests.xctest --testing-library swift-testing --filter CreditBalanceBenchmark`. Prints
/// its figures.
@Suite struct CreditBalanceBenchmark {
    static let events = Int(ProcessInfo.processInfo.environment["BRAINY_CREDIT_BENCH"] ?? "") ?? 0
    static let runs = 21

    @Test(.enabled(if: events > 0), arguments: StorageBackend.allCases)
    func anAccountsBalanceWithManyEvents(_ backend: StorageBackend) async throws {
        let database = try await BackdoorDatabase(backend)
        defer { database.remove() }
        try await database.migrate(sqliteThrough: "v1", postgresThrough: "v1")
        try await database.keepAccount("mina", at: TestServer.start)
        try await database.keepAccount("other", at: TestServer.start)
        try await database.withStore { store in
            for account in ["mina", "other"] {
                let all = [CreditEvent(id: CreditLedger.startId(userId: account), kind: .start, amount: 3,
                                       occurredAt: TestServer.start)]
                    + (1..<Self.events).map { CreditEvent(id: "use-\($0)", kind: .use, amount: -1, occurredAt: TestServer.start) }
                for start in stride(from: 0, to: all.count, by: 500) {
                    _ = try await store.recordCreditEvents(Array(all[start..<min(start + 500, all.count)]),
                                                           accountId: account, receivedAt: TestServer.start)
                }
            }
            let summing: @Sendable () async throws -> Int
            let keeping: @Sendable () async throws -> Int
            switch store {
            case let sqlite as ServerDatabase:
                let kinds = try ServerDatabase.jsonArray(CreditRules.knownKinds)
                summing = {
                    try await sqlite.writer.read { db in
                        try Int.fetchOne(db, sql: """
                            SELECT coalesce(sum(amount), 0) FROM credit_event
                            WHERE accountId = ? AND kind IN (SELECT value FROM json_each(?))
                            """, arguments: ["mina", kinds]) ?? 0
                    }
                }
                keeping = {
                    try await sqlite.writer.read { db in
                        try Int.fetchOne(db, sql: ServerDatabase.keptCreditBalance, arguments: ["mina", kinds]) ?? 0
                    }
                }
            case let postgres as BrainyServer.PostgresDatabase:
                summing = {
                    try await postgres.rows("""
                        SELECT coalesce(sum(amount), 0)::bigint AS total FROM credit_event
                        WHERE account_id = 'mina' AND kind = ANY(\(CreditRules.knownKinds))
                        """).first?.value("total", as: Int.self) ?? 0
                }
                keeping = {
                    try await postgres.rows(BrainyServer.PostgresDatabase.keptCreditBalance(accountId: "mina")).first?
                        .value("total", as: Int.self) ?? 0
                }
            default:
                Issue.record("no such backend")
                return
            }
            let expected = 3 - (Self.events - 1)
            var before: [Duration] = []
            var now: [Duration] = []
            var page: [Duration] = []
            var upload: [Duration] = []
            let clock = ContinuousClock()
            for run in 0..<Self.runs {
                var sums = (0, 0)
                before.append(try await clock.measure { sums.0 = try await summing() })
                now.append(try await clock.measure { sums.1 = try await keeping() })
                #expect(sums == (expected - run, expected - run))
                page.append(try await clock.measure {
                    _ = try await store.creditLedger(accountId: "mina", since: Int64(Self.events - 100), limit: 100)
                })
                let use = CreditEvent(id: "bench-\(run)", kind: .use, amount: -1, occurredAt: TestServer.start)
                upload.append(try await clock.measure {
                    _ = try await store.recordCreditEvents([use], accountId: "mina", receivedAt: TestServer.start)
                })
            }
            print("""
                credit balance bench (\(backend)): \(Self.events) events of one account (and as many of another), \
                \(Self.runs) runs, min / median
                  the balance: summed over the events (before) \(Self.summary(before)); kept per kind (now) \
                \(Self.summary(now))
                  now, balance included: a ledger page of 100 \(Self.summary(page)); an upload of one event \
                \(Self.summary(upload))
                """)
        }
    }

    static func summary(_ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        return "\(LeaderboardBenchmark.milliseconds(sorted[0])) / \(LeaderboardBenchmark.milliseconds(sorted[sorted.count / 2])) ms"
    }
}
