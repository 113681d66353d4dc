import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The balance each account keeps per kind of credit event (v21-credit-balances on SQLite, v18-credit-balances on
/// PostgreSQL), on each backend: after everything a lying client sends (replays under other amounts, forged and
/// borrowed grants, the same batch twice at once, a day's quota run over), what is kept equals the sum of the events
/// kept, and the balance served is that sum over the kinds this server knows. The migration fills it from the
/// events held before it.
@Suite struct CreditBalanceTests {
    let at = TestServer.start
    let played = TestServer.start.addingTimeInterval(-3600)

    func event(_ id: String, _ kind: CreditEventKind, _ amount: Int, ref: String? = nil) -> CreditEvent {
        CreditEvent(id: id, kind: kind, amount: amount, ref: ref, occurredAt: at)
    }

    @Test(arguments: StorageBackend.allCases)
    func theKeptBalanceIsTheSumOfTheEventsWhateverALyingClientSends(_ backend: StorageBackend) async throws {
        let database = try await BackdoorDatabase(backend)
        defer { database.remove() }
        try await database.app().test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let bo = try await client.register("bo@example.com")
            func send(_ events: [CreditEvent], as token: String) async throws -> TestResponse {
                try await client.post("/v1/results/credits", json: CreditEventsRequest(events: events), token: token)
            }
            func balance(_ events: [CreditEvent], as token: String) async throws -> Int {
                let response = try await send(events, as: token)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(CreditEventsResponse.self).balance
            }
            for (session, quiz) in [(mina, "q1"), (bo, "bo-q1")] {
                #expect(try await client.post("/v1/results", json: quizBatch(quiz, correct: 5, count: 5, at: played),
                                              token: session.accessToken).status == .ok)
            }
            let start = event(CreditLedger.startId(userId: mina.user.id), .start, 3)
            #expect(try await balance([start], as: bo.accessToken) == 0)  // Mina's start sent by Bo: refused.
            #expect(try await balance([event(CreditLedger.startId(userId: bo.user.id), .start, 3)],
                                      as: bo.accessToken) == 3)
            // Replays under other amounts, forged grants, Bo's reward claimed by Mina, a real one claimed twice.
            #expect(try await balance([start], as: mina.accessToken) == 3)
            let lies = [
                event(start.id, .start, 30),
                event("ad:forged", .adReward, 5, ref: "forged"),
                event(CreditLedger.quizRewardId(quizId: "bo-q1"), .quizReward, 1, ref: "bo-q1"),
                event(CreditLedger.quizRewardId(quizId: "q1"), .quizReward, 1, ref: "q1"),
                event("again:q1", .quizReward, 1, ref: "q1"),
                event("opening:x", .opening, 4),
                event("use-up", .use, 5),
            ]
            #expect(try await balance(lies, as: mina.accessToken) == 4)
            #expect(try await balance(lies.map { event($0.id, $0.kind, 9, ref: $0.ref) }, as: mina.accessToken) == 4)
            // The same 300 uses sent twice at once, as two devices would: each kept once.
            let uses = (0..<300).map { event("use-\($0)", .use, -1) }
            async let first = send(uses, as: mina.accessToken)
            async let second = send(uses.reversed(), as: mina.accessToken)
            let (one, other) = try await (first, second)
            #expect(one.status == .ok && other.status == .ok)
            // A debt, then the day's quota: what fits is kept, the batch past it is refused whole.
            #expect(try await balance([event("opening:y", .opening, -2)], as: mina.accessToken) == 0)
            let most = CreditEventsRequest.maxEvents
            var batch = 0
            while true {
                let response = try await send((0..<most).map { event("d\(batch)-\($0)", .use, -1) }, as: mina.accessToken)
                batch += 1
                if response.status == .tooManyRequests { break }
                #expect(response.status == .ok, "\(response.text)")
            }
            // A kind from a newer server, kept behind this one's back: kept in its own row, not counted.
            try await database.keepCreditEvent(id: "gift:1", kind: "gift", amount: 5_000, accountId: mina.user.id, at: at)

            for session in [mina, bo] {
                let (kept, summed) = try await database.creditTotals(accountId: session.user.id)
                #expect(kept == summed)
                let known = summed.filter { CreditEventKind(rawValue: $0.key) != nil }.values.reduce(0, +)
                let ledger = try await client.get("/v1/results/credits", token: session.accessToken)
                    .decode(CreditLedgerResponse.self)
                #expect(ledger.balance == CreditLedger.balance(sum: known))
            }
            // Mina's: the start and the quiz's reward of the lies, 300 uses, the debt, three batches of the quota
            // (303 kept today, and 500 more fit three times under 2,000), the gift.
            #expect(CreditsController.eventsPerDay == 2_000 && most == 500 && batch == 4)
            #expect(try await database.creditTotals(accountId: mina.user.id).kept
                    == ["start": 3, "quiz_reward": 1, "use": -300 - 3 * 500, "opening": -2, "gift": 5_000])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theMigrationFillsTheBalancesFromTheEventsHeldBeforeIt(_ backend: StorageBackend) async throws {
        let database = try await BackdoorDatabase(backend)
        defer { database.remove() }
        try await database.migrate(sqliteThrough: "v20-quiz-stage", postgresThrough: "v17-quiz-stage")
        for account in ["a", "b", "none"] { try await database.keepAccount(account, at: at) }
        let held: [(String, String, String, Int)] = [
            ("a", "start:a", "start", 3), ("a", "use-1", "use", -1), ("a", "use-2", "use", -1),
            ("a", "quiz:q1", "quiz_reward", 1), ("a", "gift:1", "gift", 40),
            ("b", "start:b", "start", 3), ("b", "opening:b", "opening", -5),
        ]
        for (account, id, kind, amount) in held {
            try await database.keepCreditEvent(id: id, kind: kind, amount: amount, accountId: account, at: at)
        }
        try await database.withStore { store in
            for account in ["a", "b", "none"] {
                let (kept, summed) = try await database.creditTotals(accountId: account)
                #expect(kept == summed, "\(account)")
            }
            #expect(try await database.creditTotals(accountId: "a").kept
                    == ["start": 3, "use": -2, "quiz_reward": 1, "gift": 40])
            #expect(try await store.creditLedger(accountId: "a", since: 0, limit: 10).balance == 2)
            #expect(try await store.creditLedger(accountId: "b", since: 0, limit: 10).balance == 0)
            // After it, each event kept moves its kind's row in the same transaction; a replay moves nothing.
            let use = CreditEvent(id: "use-3", kind: .use, amount: -1, occurredAt: at)
            #expect(try await store.recordCreditEvents([use], accountId: "a", receivedAt: at)?.balance == 1)
            #expect(try await store.recordCreditEvents([use], accountId: "a", receivedAt: at)?.balance == 1)
            #expect(try await database.creditTotals(accountId: "a").kept["use"] == -3)
            #expect(try await database.creditTotals(accountId: "none").kept.isEmpty)
        }
    }
}
