import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The hint-credit ledger on each backend, with clients that lie: a replayed event counts once, a grant counts only
/// when the server can verify it for the caller's own account, junk in bulk is bounded, and the ledger comes down
/// in pages since a cursor.
@Suite struct CreditLedgerTests {
    let at = TestServer.start
    /// When the quizzes were played: before the server's now, which refuses answers from its future.
    let played = TestServer.start.addingTimeInterval(-3600)

    func event(_ id: String, _ kind: CreditEventKind, _ amount: Int, ref: String? = nil) -> CreditEvent {
        CreditEvent(id: id, kind: kind, amount: amount, ref: ref, occurredAt: at)
    }

    @Test(arguments: StorageBackend.allCases)
    func aLyingClientCannotRaiseItsBalance(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let bo = try await client.register("bo@example.com")
            let (me, other) = (mina.user.id, bo.user.id)
            func send(_ events: [CreditEvent], as token: String = mina.accessToken) async throws -> CreditEventsResponse {
                let response = try await client.post("/v1/results/credits", json: CreditEventsRequest(events: events),
                                                     token: token)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(CreditEventsResponse.self)
            }

            // The starting credits, then the same event replayed, and again under the same id with more credits.
            let start = event(CreditLedger.startId(userId: me), .start, 3)
            #expect(try await send([start]) == CreditEventsResponse(results: [.init(id: start.id, accepted: true)],
                                                                     balance: 3))
            #expect(try await send([start]).balance == 3)
            let inflated = event(start.id, .start, 30)
            #expect(try await send([inflated]) == CreditEventsResponse(results: [.init(id: start.id, accepted: true)],
                                                                        balance: 3))

            // Bo's real rewards: an accepted ad completion and a quiz of 5 out of 5.
            let bosAd = try #require(try await client.ads(.rewarded, token: bo.accessToken).ads.first)
            #expect(try await client.upload([.completion("bo-c1", of: bosAd)], token: bo.accessToken).first?.accepted == true)
            #expect(try await client.post("/v1/results", json: quizBatch("bo-q1", correct: 5, count: 5, at: played),
                                          token: bo.accessToken).status == .ok)

            // Mina's own: an ad completion accepted, a quiz of 4 out of 5, a quiz of 1 out of 5.
            let ad = try #require(try await client.ads(.rewarded, token: mina.accessToken).ads.first)
            let verdict = try #require(try await client.upload([.completion("c1", of: ad)], token: mina.accessToken).first)
            let hints = try #require(verdict.rewardHints)
            #expect(verdict.accepted && hints > 0)
            for (quiz, correct) in [("q1", 4), ("q2", 1)] {
                #expect(try await client.post("/v1/results", json: quizBatch(quiz, correct: correct, count: 5, at: played),
                                              token: mina.accessToken).status == .ok)
            }

            let lies = [
                // Another account's starting credits, ad reward and quiz reward.
                event(CreditLedger.startId(userId: other), .start, 3),
                event(CreditLedger.adRewardId(adEventId: "bo-c1"), .adReward, bosAd.rewardHints ?? 1, ref: "bo-c1"),
                event(CreditLedger.quizRewardId(quizId: "bo-q1"), .quizReward, 1, ref: "bo-q1"),
                // Grants the server holds nothing for.
                event("ad:forged", .adReward, 5, ref: "forged"),
                event(CreditLedger.quizRewardId(quizId: "q2"), .quizReward, 1, ref: "q2"),
                event("opening:x", .opening, 4),
                // Real grants claimed for more, or under another id (to count twice).
                event(CreditLedger.adRewardId(adEventId: "c1"), .adReward, hints + 5, ref: "c1"),
                event("again:c1", .adReward, hints, ref: "c1"),
                event(CreditLedger.quizRewardId(quizId: "q1"), .quizReward, 3, ref: "q1"),
                // A "use" that gives.
                event("use-up", .use, 5),
            ]
            let refused = try await send(lies)
            #expect(refused.results.map(\.reason) == [.wrongId, .unverifiable, .unverifiable, .unverifiable,
                                                      .unverifiable, .unverifiable, .wrongAmount, .wrongId,
                                                      .wrongAmount, .wrongAmount])
            #expect(refused.results.allSatisfy { !$0.accepted })
            #expect(refused.balance == 3)

            // The true ones count, each once however often it is sent.
            let truth = [
                event(CreditLedger.adRewardId(adEventId: "c1"), .adReward, hints, ref: "c1"),
                event(CreditLedger.quizRewardId(quizId: "q1"), .quizReward, 1, ref: "q1"),
                event("use-1", .use, -1, ref: "q1"),
                event("opening:y", .opening, -2),
            ]
            #expect(try await send(truth).results.allSatisfy(\.accepted))
            let balance = 3 + hints + 1 - 1 - 2
            #expect(try await send(truth).balance == balance)
            // Replayed with other amounts: each id stands as first kept.
            #expect(try await send(truth.map { event($0.id, $0.kind, 9, ref: $0.ref) }).balance == balance)

            // The ledger comes down in pages, each event once, only the caller's.
            var cursor: Int64 = 0
            var downloaded: [CreditEvent] = []
            while true {
                let page = try await client.get("/v1/results/credits?since=\(cursor)&limit=2", token: mina.accessToken)
                    .decode(CreditLedgerResponse.self)
                #expect(page.events.count <= 2)
                #expect(page.balance == balance)
                downloaded += page.events
                #expect(page.cursor >= cursor)
                cursor = page.cursor
                if !page.more { break }
            }
            #expect(downloaded.map(\.id) == [start.id] + truth.map(\.id))
            #expect(downloaded.map(\.amount).reduce(0, +) == balance)
            #expect(downloaded.last?.ref == nil && downloaded.first?.occurredAt == at)
            let nothing = try await client.get("/v1/results/credits?since=\(cursor)", token: mina.accessToken)
                .decode(CreditLedgerResponse.self)
            #expect(nothing.events.isEmpty && !nothing.more && nothing.cursor == cursor)
            let bos = try await client.get("/v1/results/credits", token: bo.accessToken).decode(CreditLedgerResponse.self)
            #expect(bos.events.isEmpty && bos.balance == 0)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func hintsUsedPastTheBalanceAllCountAndTheNextGrantPaysTheDebt(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            // Two devices spent the same last credits offline: every use counts.
            let uses = (1...5).map { event("use-\($0)", .use, -1) }
            let sent = try await client.post("/v1/results/credits", json: CreditEventsRequest(
                events: [event(CreditLedger.startId(userId: mina.user.id), .start, 3)] + uses), token: mina.accessToken)
                .decode(CreditEventsResponse.self)
            #expect(sent.balance == 0)
            #expect(try await client.post("/v1/results", json: quizBatch("q1", correct: 5, count: 5, at: played),
                                          token: mina.accessToken).status == .ok)
            let earned = try await client.post("/v1/results/credits", json: CreditEventsRequest(
                events: [event(CreditLedger.quizRewardId(quizId: "q1"), .quizReward, 1, ref: "q1")]),
                token: mina.accessToken).decode(CreditEventsResponse.self)
            #expect(earned.results == [CreditEventVerdict(id: "quiz:q1", accepted: true)])
            #expect(earned.balance == 0)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func junkInBulkIsBounded(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            func status(_ events: [CreditEvent]) async throws -> HTTPResponse.Status {
                try await client.post("/v1/results/credits", json: CreditEventsRequest(events: events), token: mina).status
            }
            #expect(try await client.post("/v1/results/credits", json: CreditEventsRequest(events: [])).status
                    == .unauthorized)
            let most = CreditEventsRequest.maxEvents
            #expect(try await status((0...most).map { event("u\($0)", .use, -1) }) == .contentTooLarge)
            #expect(try await status([event("same", .use, -1), event("same", .use, -1)]) == .badRequest)
            #expect(try await status([event(String(repeating: "x", count: 129), .use, -1)]) == .badRequest)
            #expect(try await status([event("", .use, -1)]) == .badRequest)
            #expect(try await status([event("long-ref", .use, -1, ref: String(repeating: "r", count: 129))]) == .badRequest)
            #expect(try await client.post("/v1/results/credits", raw: #"{"events":[{"id":"a","kind":"gift","amount":9,"occurredAt":"2026-01-01T00:00:00Z"}]}"#,
                                          token: mina).status == .badRequest)
            for query in ["since=-1", "since=abc", "limit=0", "limit=1001"] {
                #expect(try await client.get("/v1/results/credits?\(query)", token: mina).status == .badRequest, "\(query)")
            }
            // A day's quota: what fits is kept, the request past it is refused whole.
            let perDay = CreditsController.eventsPerDay
            for batch in 0..<(perDay / most) {
                #expect(try await status((0..<most).map { event("d\(batch)-\($0)", .use, -1) }) == .ok)
            }
            let over = try await client.post("/v1/results/credits",
                                             json: CreditEventsRequest(events: [event("one-more", .use, -1)]), token: mina)
            #expect(over.status == .tooManyRequests)
            let ledger = try await client.get("/v1/results/credits?limit=1000", token: mina).decode(CreditLedgerResponse.self)
            #expect(ledger.more && ledger.balance == 0)
            #expect(!ledger.events.contains { $0.id == "one-more" })
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoInstancesOnOneDatabaseKeepEachEventOnceAndGiveTheSamePages(_ backend: StorageBackend) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("credits-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let url = backend == .postgres ? try await TestPostgres.shared.newDatabase() : nil
        func instance() async throws -> some ApplicationProtocol {
            try await TestServer.app(databasePath: backend == .sqlite ? path : nil, secret: "one-secret-both-share") {
                arguments, _ in arguments.postgres = url
            }
        }
        let (first, second) = (try await instance(), try await instance())
        try await first.test(.router) { one in
            try await second.test(.router) { other in
                let session = try await one.register("mina@example.com")
                let uses = (0..<6).map { event("use-\($0)", .use, -1) }
                let start = event(CreditLedger.startId(userId: session.user.id), .start, 3)
                // Each instance gets the same events, in two orders: each is kept once.
                for (client, events) in [(one, [start] + uses), (other, uses.reversed() + [start])] {
                    let response = try await client.post("/v1/results/credits", json: CreditEventsRequest(events: events),
                                                         token: session.accessToken)
                    #expect(response.status == .ok)
                }
                var cursor: Int64 = 0
                var ids: [String] = []
                while true {
                    let uri = "/v1/results/credits?since=\(cursor)&limit=3"
                    let a = try await one.get(uri, token: session.accessToken).decode(CreditLedgerResponse.self)
                    let b = try await other.get(uri, token: session.accessToken).decode(CreditLedgerResponse.self)
                    #expect(a == b)
                    ids += a.events.map(\.id)
                    cursor = a.cursor
                    if !a.more { break }
                }
                #expect(ids == [start.id] + uses.map(\.id))
            }
        }
    }
}
