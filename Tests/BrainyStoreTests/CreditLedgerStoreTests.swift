import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// Hint credits kept as a ledger on the device: balances of older files become events, the balance is the sum, a
/// downloaded page is kept once with its cursor, a refused reward stops counting.
@Suite struct CreditLedgerStoreTests {
    /// Users with the balances an older device held (the v1 column), migrated to the ledger.
    @Test func balancesOfAnOlderFileBecomeStartingCreditsAndWhatWasSpentOrHeldOver() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v8-quiz-tickets")
        try queue.write { db in
            for (id, credits) in [("rich", 5), ("spent", 1), ("even", 3), ("broke", 0)] {
                try db.execute(sql: """
                    INSERT INTO user (id, displayName, provider, createdAt, hintCredits) VALUES (?, ?, 'email', ?, ?)
                    """, arguments: [id, id, Fixtures.start, credits])
            }
        }
        let database = try AppDatabase(queue)
        for (id, credits) in [("rich", 5), ("spent", 1), ("even", 3), ("broke", 0)] {
            #expect(try database.hintCredits(userId: id) == credits, "\(id)")
        }
        // What goes up: the starting credits (one id per account on every device) and what was spent; what was held
        // over stays here, as nothing can verify it.
        let rich = try database.pendingCreditEvents(userId: "rich", limit: 10)
        #expect(rich.map(\.id) == ["start:rich"] && rich.map(\.amount) == [3])
        let spent = try database.pendingCreditEvents(userId: "spent", limit: 10)
        #expect(spent.map(\.kind) == [.start, .opening] && spent.map(\.amount) == [3, -2])
        #expect(try database.pendingCreditEvents(userId: "even", limit: 10).map(\.kind) == [.start])
        #expect(try database.pendingCreditEvents(userId: "broke", limit: 10).map(\.amount) == [3, -3])
    }

    @Test func aDownloadedPageIsKeptOnceWithItsCursorAndTheBalanceIsTheSum() throws {
        let database = try AppDatabase.inMemory()
        let user = try database.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
        _ = try database.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        #expect(try database.hintCredits(userId: user.id) == CreditLedger.startingCredits)
        let page = [
            CreditEvent(id: CreditLedger.startId(userId: user.id), kind: .start, amount: 3, occurredAt: Fixtures.start),
            CreditEvent(id: "use-elsewhere-1", kind: .use, amount: -1, ref: "q9", occurredAt: Fixtures.start),
            CreditEvent(id: "quiz:q9", kind: .quizReward, amount: 1, ref: "q9", occurredAt: Fixtures.start),
        ]
        let key = "creditCursor:test|\(user.id)"
        // The starting credits were made here too: the same id, kept once.
        #expect(try database.keepDownloadedCredits(page, userId: user.id, cursor: 7, cursorKey: key) == 2)
        #expect(try database.keepDownloadedCredits(page, userId: user.id, cursor: 7, cursorKey: key) == 0)
        #expect(try database.downloadCursor(key: key) == 7)
        #expect(try database.hintCredits(userId: user.id) == 3)
        // The server held this device's starting credits: they are sent, not pending.
        #expect(try database.pendingCreditEvents(userId: user.id, limit: 10).isEmpty)

        // Uses past the balance all count; the balance shows no less than zero, and the next grant pays the debt.
        let uses = (1...4).map { CreditEvent(id: "use-\($0)", kind: .use, amount: -1, occurredAt: Fixtures.start) }
        #expect(try database.keepDownloadedCredits(uses, userId: user.id, cursor: 11, cursorKey: key) == 4)
        #expect(try database.hintCredits(userId: user.id) == 0)
        _ = try database.keepDownloadedCredits([CreditEvent(id: "quiz:q10", kind: .quizReward, amount: 1, ref: "q10",
                                                            occurredAt: Fixtures.start)],
                                               userId: user.id, cursor: 12, cursorKey: key)
        #expect(try database.hintCredits(userId: user.id) == 0)
    }

    @Test func aRefusedRewardStopsCountingAndAnAcceptedOneIsNoLongerPending() throws {
        let database = try AppDatabase.inMemory()
        let user = try database.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
        _ = try database.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        for id in ["e1", "e2"] {
            try database.recordAdEvent(AdEventRecord(id: id, userId: user.id, kind: .completion, adId: "ad", sponsor: "S",
                                                     token: "t-\(id)", occurredAt: Fixtures.start, rewardHints: 2))
        }
        #expect(try database.hintCredits(userId: user.id) == 7)
        // An ad's reward waits for its ad event to go up first (the server verifies one against the other).
        #expect(try database.pendingCreditEvents(userId: user.id, limit: 10).map(\.kind) == [.start])
        #expect(try database.revokeAdReward(eventId: "e1", userId: user.id, reason: "invalid_token", at: Fixtures.start) == 2)
        #expect(try database.hintCredits(userId: user.id) == 5)
        try database.markAdEventsSent(ids: ["e2"], at: Fixtures.start)
        let pending = try database.pendingCreditEvents(userId: user.id, limit: 10)
        #expect(pending.map(\.id) == [CreditLedger.startId(userId: user.id), "ad:e2"])
        try database.settleCreditEvents(accepted: ["ad:e2"], refused: [(CreditLedger.startId(userId: user.id), "wrong_id")],
                                        userId: user.id, at: Fixtures.start)
        #expect(try database.pendingCreditEvents(userId: user.id, limit: 10).isEmpty)
        #expect(try database.hintCredits(userId: user.id) == 2)
    }
}
