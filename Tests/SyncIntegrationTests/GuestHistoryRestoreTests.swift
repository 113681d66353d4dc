import BrainyKit
import BrainyStore
import Foundation
import Testing

/// A guest's play moved to an account follows the account (issue 26): a guest plays on one home, registers or signs
/// in there and takes the history along, syncs; a fresh home signed in to the account and synced shows the same
/// history, stats, solved questions (what `start unsolved` leaves out), stage progress and profile counts, field by
/// field, against the real server on loopback.
@Suite struct GuestHistoryRestoreTests {
    /// The `profile` lines that count the account's play, as printed.
    static func profileCounts(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            return ["hints left ", "waiting to sync ", "on this device "].contains { line.hasPrefix($0) }
        }
    }

    /// Everything the other home must show the same, beyond `TwoDeviceSyncTests.expectSame`: stage progress, hint
    /// credits, nothing pending, and `history`, `stats` and `profile` as printed.
    static func expectRestored(_ played: ShellScript, _ fresh: ShellScript, playedQuizzes: Int) async throws {
        try TwoDeviceSyncTests.expectSame(played, fresh, now: max(played.clock.now(), fresh.clock.now()))
        let user = try #require(try played.database.user(email: "mina@example.com"))
        #expect(try fresh.database.quizCount(userId: user.id) == playedQuizzes)
        let stages = { (device: ShellScript) in
            try device.database.stagesReached(userId: user.id).map { "\($0.category) \($0.type) \($0.highestCleared)" }
        }
        #expect(try stages(fresh) == stages(played))
        #expect(try fresh.database.hintCredits(userId: user.id) == played.database.hintCredits(userId: user.id))
        #expect(try fresh.database.pendingSyncCount(userId: user.id) == 0)
        #expect(try played.database.pendingSyncCount(userId: user.id) == 0)
        // The same moment on both, so that nothing relative to now (streaks, "today") differs.
        let now = max(played.clock.now(), fresh.clock.now())
        for device in [played, fresh] { device.clock.advance(by: now.timeIntervalSince(device.clock.now())) }
        let shown = ["history", "stats", "profile"]
        let (mine, theirs) = (await played.run(shown), await fresh.run(shown))
        #expect(mine.status == 0, "\(mine.output)")
        #expect(theirs.status == 0, "\(theirs.output)")
        #expect(!theirs.output.contains("No quizzes yet"), "\(theirs.output)")
        let cut = { (output: String) in output.components(separatedBy: "account ").first ?? output }
        #expect(cut(mine.output) == cut(theirs.output))
        #expect(Self.profileCounts(mine.output) == Self.profileCounts(theirs.output))
        #expect(Self.profileCounts(theirs.output).count == 3, "\(theirs.output)")
    }

    @Test func aGuestWhoRegistersTakesTheirPlayToTheAccountAndAFreshHomeRestoresIt() async throws {
        try await LiveServer.run { server in
            let home = try TwoDeviceSyncTests.device(server, seed: 101)
            let guest = ["login guest"] + (try StageProgressSyncTests.clearStage(1, on: home))
                + ["format individual"] + ShellScript.playQuiz(count: 4)
                + ShellScript.playQuiz(count: 3, category: "country")
            let played = await home.run(guest + TwoDeviceSyncTests.register + ["y"])
            #expect(played.status == 0, "\(played.output)")
            #expect(played.output.contains("Stage 1 cleared!"), "\(played.output)")
            #expect(played.output.contains("Moved the guest's 3 quizzes to this account"), "\(played.output)")
            let guestId = try home.database.guestUser(now: LiveServer.start).id
            #expect(try home.database.quizCount(userId: guestId) == 0)
            let user = try #require(try home.database.user(email: "mina@example.com"))
            let answered = try home.database.resultCount(userId: user.id)
            #expect(answered > 7)
            #expect(try home.database.stagesReached(userId: user.id).map(\.highestCleared) == [1])

            server.clock.advance(by: 3600)
            let synced = await home.run(["sync"])
            #expect(synced.status == 0, "\(synced.output)")
            #expect(synced.output.contains("↑ \(answered) results uploaded"), "\(synced.output)")

            let fresh = try TwoDeviceSyncTests.device(server, seed: 102)
            let restored = await fresh.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("↓ \(answered) results, 3 quizzes"), "\(restored.output)")
            #expect(restored.output.contains("stage progress in 1 category restored"), "\(restored.output)")
            try await Self.expectRestored(home, fresh, playedQuizzes: 3)
            // The stage number travels with the quiz: the fresh home shows it as the home that played.
            let stages = { (device: ShellScript) in
                try device.database.history(userId: user.id, filter: HistoryFilter(limit: .max)).quizzes.map(\.stage)
            }
            #expect(try stages(fresh) == stages(home))
            #expect(try stages(fresh).compactMap { $0 } == [1])
        }
    }

    @Test func aGuestWhoSignsInToAnAccountPlayedElsewhereJoinsItsPlayAndEveryHomeEndsTheSame() async throws {
        try await LiveServer.run { server in
            // The account is made and played on another home first.
            let other = try TwoDeviceSyncTests.device(server, seed: 111)
            #expect(await other.run(TwoDeviceSyncTests.register + ShellScript.playQuiz(count: 3, category: "music")
                                    + ["sync"]).status == 0)
            // Here a guest plays, then signs in to it and takes the guest's play along.
            let home = try TwoDeviceSyncTests.device(server, seed: 112)
            home.clock.advance(by: 300)
            let played = await home.run(["login guest"] + ShellScript.playQuiz(count: 4)
                                        + TwoDeviceSyncTests.login + ["y"])
            #expect(played.status == 0, "\(played.output)")
            #expect(played.output.contains("Moved the guest's 1 quiz to this account"), "\(played.output)")
            server.clock.advance(by: 3600)
            let synced = await home.run(["sync"])
            #expect(synced.status == 0, "\(synced.output)")
            #expect(synced.output.contains("↑ 4 results uploaded"), "\(synced.output)")
            #expect(synced.output.contains("↓ 3 results, 1 quiz"), "\(synced.output)")
            let back = await other.run(["sync"])
            #expect(back.output.contains("↓ 4 results, 1 quiz"), "\(back.output)")
            try await Self.expectRestored(home, other, playedQuizzes: 2)

            // A third, empty home restores the whole account.
            let third = try TwoDeviceSyncTests.device(server, seed: 113)
            let restored = await third.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.output.contains("↓ 7 results, 2 quizzes"), "\(restored.output)")
            try await Self.expectRestored(home, third, playedQuizzes: 2)
        }
    }
}
