import BrainyAPI
import BrainyKit
@testable import BrainyShell
import BrainyStore
import Foundation
import Testing

/// A ledger event of a kind the client does not know (a newer server's) is not lost: the client that cannot read it
/// keeps its download cursor before it, and once upgraded (here: the same client without the rewrite that hides the
/// kind) it fetches and counts the event, while the events it already kept are not counted twice. Against the real
/// server on loopback; the page goes through the real page decoding with the kind renamed.
@Suite struct UnknownCreditKindSyncTests {
    @Test func anEventOfAnUnknownKindIsFetchedOnceTheClientKnowsTheKind() async throws {
        try await LiveServer.run { server in
            // The account's ledger: its start, two hints used, then an ad's reward (a known kind after the unknown).
            let one = try TwoDeviceSyncTests.device(server, seed: 81)
            let played = await one.run(TwoDeviceSyncTests.register
                                       + CreditLedgerSyncTests.quiz(count: 3, hints: 2) + ["sync"])
            #expect(played.status == 0, "\(played.output)")
            one.ads = true
            one.qa = true
            let watched = await one.run(["sync", "ad watch", "clock advance 1m", "sync"])
            #expect(watched.status == 0, "\(watched.output)")
            #expect(watched.output.contains("(1 reward confirmed)"), "\(watched.output)")
            let user = try #require(try one.database.user(email: "mina@example.com"))
            // The server draws the rewarded ad by weight among its house ads, and they do not all grant the same
            // (one grants 2 hints): the balance is the starting credits, less the two hints, plus what this ad said
            // it granted.
            let reward = try #require(Self.hintsGranted(watched.output), "\(watched.output)")
            let expected = try one.database.hintCredits(userId: user.id)
            #expect(expected == CreditLedger.startingCredits - 2 + reward,
                    "played:\n\(played.output)\nwatched:\n\(watched.output)")

            // A device whose client does not know 'use': one event a page, so the download goes past the unknown
            // events to the reward and must still end.
            let fresh = try TwoDeviceSyncTests.device(server, seed: 82, batchSize: 1)
            fresh.wrap = { kindUnknownToTheClient($0, kind: .use) }
            let older = await fresh.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(older.status == 0, "\(older.output)")
            // The start and the reward count; the two uses are not understood yet.
            #expect(try fresh.database.hintCredits(userId: user.id) == expected + 2)
            #expect(older.output.contains("hints: \(expected + 2) (↑ 1 · ↓ 1 · 2 need a newer brainy)"),
                    "\(older.output)")
            let key = CreditSync.cursorKey(server: server.api.baseURL, userId: user.id)
            let held = try fresh.database.downloadCursor(key: key)

            // Synced again by the same client: the pages from the held cursor come again, the reward is not counted
            // twice, and the cursor stays.
            let again = await fresh.run(["sync"])
            #expect(again.status == 0, "\(again.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == expected + 2)
            #expect(again.output.contains("hints: \(expected + 2) (2 need a newer brainy)"), "\(again.output)")
            #expect(try fresh.database.downloadCursor(key: key) == held)

            // Upgraded: the two uses come down and count, the rest once.
            fresh.wrap = { $0 }
            let upgraded = await fresh.run(["sync"])
            #expect(upgraded.status == 0, "\(upgraded.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == expected)
            #expect(upgraded.output.contains("hints: \(expected) (↓ 2)"), "\(upgraded.output)")
            #expect(try fresh.database.downloadCursor(key: key) > held)
            let settled = await fresh.run(["sync"])
            #expect(settled.output.contains("hints: \(expected) ·"), "\(settled.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == expected)
        }
    }

    /// The hints a rewarded ad said it granted when watched to the end ("Ad watched: 2 hints granted").
    static func hintsGranted(_ output: String) -> Int? {
        output.firstMatch(of: #/Ad watched: (\d+) hints? granted/#).flatMap { Int($0.1) }
    }

    @Test func aPageCountsTheEventsItLeftOut() throws {
        let page = Data("""
            {"events": [
              {"id": "start:a", "kind": "start", "amount": 3, "occurredAt": "2026-11-22T06:00:00Z"},
              {"id": "gift:1", "kind": "gift", "amount": 2, "occurredAt": "2026-11-22T06:01:00Z"},
              {"id": "gift:2", "kind": "gift", "occurredAt": 17},
              {"id": "use:1", "kind": "use", "amount": -1, "occurredAt": "2026-11-22T06:02:00Z"}
            ], "cursor": 4, "more": true, "balance": 6}
            """.utf8)
        let decoded = try APICoding.decoder().decode(CreditLedgerResponse.self, from: page)
        #expect(decoded.events.map(\.id) == ["start:a", "use:1"])
        #expect(decoded.eventsOfUnknownKinds == 2)
        // What the client knows goes on the wire as before: the count is the decoder's, not a field.
        let encoded = try JSONSerialization.jsonObject(with: APICoding.encoder().encode(decoded)) as? [String: Any]
        #expect(encoded.map { Set($0.keys) } == ["events", "cursor", "more", "balance"])
    }
}

/// The real client as one built before `kind` existed would read the ledger: each page is encoded as the server sent
/// it, the kind renamed to one no client knows, and decoded again as the client decodes a page.
func kindUnknownToTheClient(_ inner: any RemoteAPI, kind: CreditEventKind) -> any RemoteAPI {
    ForwardingRemoteAPI(inner: inner).replacing(API.creditLedger) { inner, call throws(RemoteError) in
        let page = try await inner.send(call).value()
        do {
            guard var json = try JSONSerialization.jsonObject(with: APICoding.encoder().encode(page)) as? [String: Any],
                  let events = json["events"] as? [[String: Any]]
            else { throw RemoteError.unreachable("the test could not read the page it encoded") }
            json["events"] = events.map { event in
                var event = event
                if event["kind"] as? String == kind.rawValue { event["kind"] = "\(kind.rawValue)_of_a_newer_server" }
                return event
            }
            return .fetched(try APICoding.decoder().decode(CreditLedgerResponse.self,
                                                           from: JSONSerialization.data(withJSONObject: json)), etag: nil)
        } catch let error as RemoteError {
            throw error
        } catch {
            throw .unreachable("the test could not rewrite the page: \(error)")
        }
    }
}
