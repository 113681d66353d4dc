import BrainyAPI
import BrainyKit
import BrainyStore
import Foundation
import Testing

/// Hint credits as a ledger between devices of one account, against the real server on loopback: hints used
/// offline on two devices both count whichever syncs first, the balance ends the same and right on both, and a
/// third, empty device restores it.
@Suite struct CreditLedgerSyncTests {
    /// A quiz of `count` questions with a hint on each of the first `hints` (then skipped, which moves on: the hint removes options
    /// the answer "1" may name) and "1" on the rest.
    static func quiz(count: Int, hints: Int, category: String = "person") -> [String] {
        ["mode mc", "category \(category)", "start \(count)"]
            + (0..<count).flatMap { $0 < hints ? ["hint", "skip"] : ["1", "next"] }
    }

    /// What the account's balance must be: the starting credits, a credit for each quiz of the account answered
    /// 80 % right or better, less every hint used on any device.
    static func expectedCredits(_ device: ShellScript, userId: String, hintsUsed: Int) throws -> Int {
        let quizzes = try device.database.history(userId: userId, filter: HistoryFilter(limit: .max)).quizzes
        let earned = quizzes.filter { CreditLedger.earnsReward(correct: $0.correctCount, questions: $0.questionCount) }
        return CreditLedger.balance(sum: CreditLedger.startingCredits + earned.count - hintsUsed)
    }

    @Test(arguments: [false, true])
    func hintsUsedOfflineOnTwoDevicesBothCountInEitherOrder(_ otherFirst: Bool) async throws {
        try await LiveServer.run { server in
            let one = try TwoDeviceSyncTests.device(server, seed: 71)
            let other = try TwoDeviceSyncTests.device(server, seed: 72)
            #expect(await one.run(TwoDeviceSyncTests.register + ["sync"]).status == 0)
            #expect(await other.run(TwoDeviceSyncTests.login + ["sync"]).status == 0)
            let user = try #require(try one.database.user(email: "mina@example.com"))
            #expect(try one.database.hintCredits(userId: user.id) == 3)
            #expect(try other.database.hintCredits(userId: user.id) == 3)

            // Offline, each spends one of the same three: the account holds one (two if a device's count overwrote
            // the other's).
            other.clock.advance(by: 300)
            one.serverURL = nil
            other.serverURL = nil
            let played = await one.run(Self.quiz(count: 3, hints: 1))
            #expect(played.status == 0, "\(played.output)")
            let playedToo = await other.run(Self.quiz(count: 3, hints: 1, category: "music") + ["profile"])
            #expect(playedToo.status == 0, "\(playedToo.output)")
            #expect(try one.database.hintCredits(userId: user.id) == 2)
            #expect(try other.database.hintCredits(userId: user.id) == 2)
            one.serverURL = server.api.baseURL
            other.serverURL = server.api.baseURL
            server.clock.advance(by: 3600)

            let (first, second) = otherFirst ? (other, one) : (one, other)
            for device in [first, second, first] {
                let synced = await device.run(["sync"])
                #expect(synced.status == 0, "\(synced.output)")
                #expect(synced.output.contains("hints: "), "\(synced.output)")
            }
            let expected = try Self.expectedCredits(one, userId: user.id, hintsUsed: 2)
            #expect(expected == 1)
            #expect(try one.database.hintCredits(userId: user.id) == expected)
            #expect(try other.database.hintCredits(userId: user.id) == expected)
            // Nothing is left to send, and syncing again changes nothing.
            #expect(try one.database.pendingCreditEvents(userId: user.id, limit: 100).isEmpty)
            #expect(try other.database.pendingCreditEvents(userId: user.id, limit: 100).isEmpty)
            let again = await second.run(["sync", "state"])
            #expect(again.output.contains("hints: \(expected)"), "\(again.output)")
            #expect(again.output.contains("Hints: \(expected)"), "\(again.output)")

            // A third, empty device restores the balance.
            let fresh = try TwoDeviceSyncTests.device(server, seed: 73)
            let restored = await fresh.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == expected)
            #expect(restored.output.contains("hints: \(expected)"), "\(restored.output)")
        }
    }

    /// A rewarded ad the server confirmed counts on every device; one it refused is taken back where it was watched
    /// and never reaches the other.
    @Test func aConfirmedRewardCountsEverywhereAndARefusedOneNowhere() async throws {
        try await LiveServer.run { server in
            let one = try TwoDeviceSyncTests.device(server, seed: 75)
            one.ads = true
            one.qa = true
            let watched = await one.run(TwoDeviceSyncTests.register + ["sync", "ad watch", "clock advance 1m", "sync",
                                                                       "ads ok", "ad watch", "clock advance 20s", "sync"])
            #expect(watched.status == 0, "\(watched.output)")
            #expect(watched.output.contains("(1 reward confirmed)"), "\(watched.output)")
            #expect(watched.output.contains("(the server does not know that ad): 1 hint taken back."), "\(watched.output)")
            let user = try #require(try one.database.user(email: "mina@example.com"))
            let credits = try one.database.hintCredits(userId: user.id)
            #expect(credits > 3)
            #expect(try one.database.pendingCreditEvents(userId: user.id, limit: 100).isEmpty)

            let other = try TwoDeviceSyncTests.device(server, seed: 76)
            let restored = await other.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(try other.database.hintCredits(userId: user.id) == credits)
        }
    }

    /// The ledger's download cut off after its first page: what was kept stays, and the next sync goes on from the
    /// cursor and keeps each event once.
    @Test func aLedgerDownloadCutOffGoesOnFromItsLastPage() async throws {
        try await LiveServer.run { server in
            let one = try TwoDeviceSyncTests.device(server, seed: 77)
            #expect(await one.run(TwoDeviceSyncTests.register + Self.quiz(count: 3, hints: 2) + ["sync"]).status == 0)
            let user = try #require(try one.database.user(email: "mina@example.com"))
            let expected = try one.database.hintCredits(userId: user.id)
            #expect(expected == 1)

            let fresh = try TwoDeviceSyncTests.device(server, seed: 78, batchSize: 1)
            #expect(await fresh.run(TwoDeviceSyncTests.login).status == 0)
            fresh.wrap = { cutOffAfterLedgerPages($0, pages: 1) }
            let cut = await fresh.run(["sync"])
            #expect(cut.output.contains("Skipped hint credits"), "\(cut.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == 3)

            fresh.wrap = { $0 }
            let rest = await fresh.run(["sync"])
            #expect(rest.status == 0, "\(rest.output)")
            #expect(try fresh.database.hintCredits(userId: user.id) == expected)
            #expect(rest.output.contains("hints: \(expected) (↓ "), "\(rest.output)")
            let again = await fresh.run(["sync"])
            #expect(again.output.contains("hints: \(expected) ·"), "\(again.output)")
        }
    }

    @Test func theSummarySaysTheBalanceInKorean() async throws {
        try await LiveServer.run { server in
            let device = try TwoDeviceSyncTests.device(server, seed: 74)
            device.language = .ko
            let synced = await device.run(TwoDeviceSyncTests.register + ["sync"])
            #expect(synced.status == 0, "\(synced.output)")
            #expect(synced.output.contains("힌트 3개 (↑ 1)"), "\(synced.output)")
        }
    }
}

/// The real client, whose ledger download is cut off (as if the server died) after `pages` pages.
func cutOffAfterLedgerPages(_ inner: any RemoteAPI, pages: Int) -> any RemoteAPI {
    let counter = CallCounter()
    return ForwardingRemoteAPI(inner: inner).replacing(API.creditLedger) { inner, call throws(RemoteError) in
        guard counter.next() <= pages else { throw .unreachable("connection reset by peer") }
        return try await inner.send(call)
    }
}
