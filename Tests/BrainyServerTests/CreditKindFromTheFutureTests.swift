import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// A server rolled back after a newer one kept a credit event of a kind it does not know, on each backend: the
/// ledger is still served to the account that holds it (the event as stored, for a client that knows its kind), the
/// balance counts only the kinds this server knows, and a client cannot use the event's id to slip in a kind it does.
@Suite struct CreditKindFromTheFutureTests {
    let at = TestServer.start

    /// An event as the wire carries it, with its kind as a plain word (as a newer client reads it).
    struct WireEvent: Decodable, Equatable {
        var id: String
        var kind: String
        var amount: Int
    }

    struct WirePage: Decodable {
        var events: [WireEvent]
        var cursor: Int64
        var more: Bool
        var balance: Int
    }

    func event(_ id: String, _ kind: CreditEventKind, _ amount: Int) -> CreditEvent {
        CreditEvent(id: id, kind: kind, amount: amount, occurredAt: at)
    }

    @Test(arguments: StorageBackend.allCases)
    func anEventOfAKindFromTheFutureIsServedAndNotCounted(_ backend: StorageBackend) async throws {
        let database = try await BackdoorDatabase(backend)
        defer { database.remove() }
        try await database.app().test(.router) { client in
            let mina = try await client.register("mina@example.com")
            func send(_ events: [CreditEvent]) async throws -> CreditEventsResponse {
                let response = try await client.post("/v1/results/credits", json: CreditEventsRequest(events: events),
                                                     token: mina.accessToken)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(CreditEventsResponse.self)
            }
            let start = event(CreditLedger.startId(userId: mina.user.id), .start, 3)
            #expect(try await send([start, event("use-1", .use, -1)]).balance == 2)
            // A newer server kept a gift of 50 credits, a kind this one does not know; then one more use came.
            try await database.keepCreditEvent(id: "gift:1", kind: "gift", amount: 50, accountId: mina.user.id, at: at)
            #expect(try await send([event("use-2", .use, -1)]).balance == 1)

            // The whole ledger: every event, the gift with its kind as stored; the balance without it.
            let whole = try await client.get("/v1/results/credits", token: mina.accessToken)
            #expect(whole.status == .ok, "\(whole.text)")
            let raw = try whole.decode(WirePage.self)
            #expect(raw.events == [WireEvent(id: start.id, kind: "start", amount: 3),
                                   WireEvent(id: "use-1", kind: "use", amount: -1),
                                   WireEvent(id: "gift:1", kind: "gift", amount: 50),
                                   WireEvent(id: "use-2", kind: "use", amount: -1)])
            #expect(raw.balance == 1 && !raw.more && raw.cursor == 4)
            // This version's client reads the page, leaves the gift out and knows it did.
            let read = try whole.decode(CreditLedgerResponse.self)
            #expect(read.events.map(\.id) == [start.id, "use-1", "use-2"])
            #expect(read.eventsOfUnknownKinds == 1 && read.balance == 1)

            // In pages of two: the page holding the gift is served like any other.
            let first = try await client.get("/v1/results/credits?limit=2", token: mina.accessToken)
                .decode(CreditLedgerResponse.self)
            #expect(first.events.map(\.id) == [start.id, "use-1"] && first.more && first.eventsOfUnknownKinds == 0)
            let second = try await client.get("/v1/results/credits?since=\(first.cursor)&limit=2",
                                              token: mina.accessToken)
            #expect(second.status == .ok, "\(second.text)")
            let page = try second.decode(CreditLedgerResponse.self)
            #expect(page.events.map(\.id) == ["use-2"] && page.eventsOfUnknownKinds == 1 && !page.more)

            // A lying client replays the gift's id as a kind this server knows, with a grant's amount: the id is
            // held, so it stands as first kept and counts nothing here.
            let replay = try await send([event("gift:1", .opening, -1), event("gift:1-again", .opening, 40)])
            #expect(replay.results == [CreditEventVerdict(id: "gift:1", accepted: true),
                                       CreditEventVerdict(id: "gift:1-again", accepted: false, reason: .unverifiable)])
            #expect(replay.balance == 1)
            // And cannot upload the kind itself.
            #expect(try await client.post("/v1/results/credits", raw: #"{"events":[{"id":"gift:2","kind":"gift","amount":50,"occurredAt":"2026-11-22T06:00:00Z"}]}"#,
                                          token: mina.accessToken).status == .badRequest)
            let after = try await client.get("/v1/results/credits", token: mina.accessToken).decode(WirePage.self)
            #expect(after.events.filter { $0.kind == "gift" } == [WireEvent(id: "gift:1", kind: "gift", amount: 50)])
            #expect(after.balance == 1)
        }
    }
}
