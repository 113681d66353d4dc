import BrainyAPI
import BrainyClient
import BrainyKit
import BrainyStore
import Foundation
import Testing

/// Sync both ways with two devices of one account (two database files) against the real server on loopback: a new
/// device restores what the other played, both play offline and sync in either order, a download cut off half-way
/// and run again keeps each row once. Each device is compared field by field with the other.
@Suite struct TwoDeviceSyncTests {
    /// Registers on the server: the two password lines, then "y" accepting the terms and privacy policy shown.
    static let register = ["register mina@example.com", "correct horse", "correct horse", "y"]
    static let login = ["login email mina@example.com", "correct horse"]

    static func device(_ server: LiveServer.Context, seed: UInt64, batchSize: Int = 1000) throws -> ShellScript {
        let shell = try ShellScript()
        shell.serverURL = server.api.baseURL
        shell.seed = seed
        shell.batchSize = batchSize
        // A person's pace: the server ranks no answer given faster than a person can.
        shell.secondsPerLine = 2
        return shell
    }

    /// A quiz as `history` and its details show it: each answer as given (the text typed or the option chosen, and
    /// its English text) and the options' order as shown; of how it was dealt only the questions answered (the server
    /// keeps answers, not the questions a quiz left unanswered).
    struct Shown: Equatable {
        var id: String
        var category: QuizCategory
        var type: QuizType
        var format: QuizFormat
        var status: QuizStatus
        var startedAt: Date
        var finishedAt: Date?
        var correctCount: Int
        var answeredCount: Int
        var questionCount: Int
        var duration: Double
        var answers: [String]
        /// The question and its options' order as shown, at each answer's place.
        var shown: [DealtQuestion?]
    }

    static func shown(_ shell: ShellScript, userId: String) throws -> [Shown] {
        try shell.database.history(userId: userId, filter: HistoryFilter(limit: .max)).quizzes.map { quiz in
            let (_, answers) = try #require(try shell.database.quiz(idOrPrefix: quiz.id, userId: userId))
            return Shown(id: quiz.id, category: quiz.category, type: quiz.type, format: quiz.format, status: quiz.status,
                         startedAt: quiz.startedAt, finishedAt: quiz.finishedAt, correctCount: quiz.correctCount,
                         answeredCount: quiz.answeredCount, questionCount: quiz.questionCount, duration: quiz.duration,
                         answers: answers.map {
                             "\($0.id) \($0.questionId) #\($0.position) \($0.outcome.rawValue) hint:\($0.hintUsed) "
                                 + "\($0.timeSpent)s \($0.answeredAt.timeIntervalSince1970) \($0.category.rawValue) "
                                 + "given:\($0.givenAnswer) text:\($0.answerText ?? "-")"
                         },
                         shown: answers.map { quiz.dealt.indices.contains($0.position) ? quiz.dealt[$0.position] : nil })
        }
    }

    /// History, its details, stats, the counts `profile` shows and what `start unsolved` may deal: the same on both.
    static func expectSame(_ one: ShellScript, _ other: ShellScript, now: Date) throws {
        let user = try #require(try one.database.user(email: "mina@example.com"))
        let same = try #require(try other.database.user(email: "mina@example.com"))
        #expect(user.id == same.id)
        let (mine, theirs) = (try shown(one, userId: user.id), try shown(other, userId: user.id))
        #expect(mine.map(\.id) == theirs.map(\.id))
        for (quiz, same) in zip(mine, theirs) { #expect(quiz == same) }
        #expect(try one.database.stats(userId: user.id, now: now, timeZone: .gmt)
                == other.database.stats(userId: user.id, now: now, timeZone: .gmt))
        #expect(try one.database.quizCount(userId: user.id) == other.database.quizCount(userId: user.id))
        #expect(try one.database.resultCount(userId: user.id) == other.database.resultCount(userId: user.id))
        for category in QuizCategory.allCases {
            #expect(try one.database.candidateIds(category: category, unsolvedBy: user.id)
                    == other.database.candidateIds(category: category, unsolvedBy: user.id), "\(category)")
        }
    }

    @Test func aNewDeviceRestoresHistoryStatsAndSolvedQuestionsAndTheNextSyncBringsNothing() async throws {
        try await LiveServer.run { server in
            let first = try Self.device(server, seed: 11)
            let played = await first.run(Self.register + ShellScript.playQuiz(count: 5)
                                         + ShellScript.playQuiz(count: 4, category: "country") + ["sync"])
            #expect(played.status == 0, "\(played.output)")
            #expect(played.output.contains("↑ 9 results uploaded"), "\(played.output)")
            // Its own rows come back as held already.
            #expect(played.output.contains("↓ nothing new"), "\(played.output)")

            let fresh = try Self.device(server, seed: 12)
            let restored = await fresh.run(Self.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("↓ 9 results, 2 quizzes"), "\(restored.output)")
            try Self.expectSame(first, fresh, now: first.clock.now())
            let user = try #require(try fresh.database.user(email: "mina@example.com"))
            // `history <ID>` prints the same on both, the answers given and the options in the order shown.
            let shown = try Self.shown(first, userId: user.id)
            #expect(shown.allSatisfy { $0.shown.allSatisfy { ($0?.optionOrder.count ?? 0) > 1 } })
            #expect(shown.flatMap(\.answers).allSatisfy { !$0.contains("given: ") })
            for quiz in shown {
                let (one, other) = (await first.run(["history \(quiz.id)"]), await fresh.run(["history \(quiz.id)"]))
                #expect(one.output.contains("Yours: "), "\(one.output)")
                #expect(one.output == other.output)
            }
            #expect(try fresh.database.quizCount(userId: user.id) == 2)
            // Nothing restored is sent back.
            #expect(try fresh.database.pendingSyncCount(userId: user.id) == 0)

            let again = await fresh.run(["sync", "history", "stats"])
            #expect(again.output.contains("↑ nothing to upload"), "\(again.output)")
            #expect(again.output.contains("↓ nothing new"), "\(again.output)")
            #expect(!again.output.contains("No quizzes yet"), "\(again.output)")
        }
    }

    @Test func theSummaryCountsBothWaysInKorean() async throws {
        try await LiveServer.run { server in
            let first = try Self.device(server, seed: 61)
            #expect(await first.run(Self.register + ShellScript.playQuiz(count: 4) + ["sync"]).status == 0)
            let fresh = try Self.device(server, seed: 62)
            fresh.language = .ko
            let restored = await fresh.run(Self.login + ShellScript.playQuiz(count: 2, category: "music") + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("↑ 결과 2개 올림"), "\(restored.output)")
            #expect(restored.output.contains("↓ 결과 4개, 퀴즈 1개"), "\(restored.output)")
            let again = await fresh.run(["sync"])
            #expect(again.output.contains("↑ 올릴 결과 없음"), "\(again.output)")
            #expect(again.output.contains("↓ 받을 것 없음"), "\(again.output)")
        }
    }

    @Test func bothPlayOfflineAndSyncInEitherOrderAndEndTheSame() async throws {
        try await LiveServer.run { server in
            let one = try Self.device(server, seed: 21)
            let other = try Self.device(server, seed: 22)
            #expect(await one.run(Self.register).status == 0)
            #expect(await other.run(Self.login).status == 0)
            // Offline: each plays its own quizzes, the second a few minutes later.
            other.clock.advance(by: 300)
            one.serverURL = nil
            other.serverURL = nil
            #expect(await one.run(ShellScript.playQuiz(count: 3) + ShellScript.playQuiz(count: 2, category: "music")).status == 0)
            #expect(await other.run(ShellScript.playQuiz(count: 4, category: "drama")).status == 0)
            one.serverURL = server.api.baseURL
            other.serverURL = server.api.baseURL
            // They sync an hour later (the server refuses answers from its future).
            server.clock.advance(by: 3600)

            let second = await other.run(["sync"])
            #expect(second.output.contains("↑ 4 results uploaded"), "\(second.output)")
            #expect(second.output.contains("↓ nothing new"), "\(second.output)")
            let first = await one.run(["sync"])
            #expect(first.output.contains("↑ 5 results uploaded"), "\(first.output)")
            #expect(first.output.contains("↓ 4 results, 1 quiz"), "\(first.output)")
            let back = await other.run(["sync"])
            #expect(back.output.contains("↓ 5 results, 2 quizzes"), "\(back.output)")
            try Self.expectSame(one, other, now: max(one.clock.now(), other.clock.now()))
            let user = try #require(try one.database.user(email: "mina@example.com"))
            #expect(try one.database.resultCount(userId: user.id) == 9)
            #expect(try other.database.resultCount(userId: user.id) == 9)
        }
    }

    @Test func aDownloadCutOffHalfWayGoesOnFromItsLastPageAndKeepsEachRowOnce() async throws {
        try await LiveServer.run { server in
            let player = try Self.device(server, seed: 31)
            #expect(await player.run(Self.register + ShellScript.playQuiz(count: 5) + ShellScript.playQuiz(count: 5)
                                     + ShellScript.playQuiz(count: 5) + ["sync"]).status == 0)
            let fresh = try Self.device(server, seed: 32, batchSize: 4)
            #expect(await fresh.run(Self.login).status == 0)
            // The server goes away after two pages.
            fresh.wrap = { cutOffAfterPages($0, pages: 2) }
            let cut = await fresh.run(["sync"])
            #expect(cut.status == 1)
            #expect(cut.output.contains("Download stopped: "), "\(cut.output)")
            #expect(cut.output.contains("Cannot reach the server"), "\(cut.output)")
            let user = try #require(try fresh.database.user(email: "mina@example.com"))
            let kept = try fresh.database.resultCount(userId: user.id)
            #expect(kept > 0 && kept < 15, "kept \(kept)")

            fresh.wrap = { $0 }
            let rest = await fresh.run(["sync"])
            #expect(rest.status == 0, "\(rest.output)")
            #expect(rest.output.contains("↓ \(15 - kept) results"), "\(rest.output)")
            #expect(try fresh.database.resultCount(userId: user.id) == 15)
            try Self.expectSame(player, fresh, now: player.clock.now())
        }
    }

    // MARK: Conflicts

    @Test func theSameQuizIdFromTwoDevicesIsStoredOnceWithTheAnswersOfBoth() async throws {
        try await LiveServer.run { server in
            // The same seed on both (a QA run): the same quiz id and questions, answers of their own ids.
            let one = try Self.device(server, seed: 41)
            let other = try Self.device(server, seed: 41)
            #expect(await one.run(Self.register).status == 0)
            #expect(await other.run(Self.login).status == 0)
            one.serverURL = nil
            other.serverURL = nil
            #expect(await one.run(ShellScript.playQuiz(count: 3)).status == 0)
            #expect(await other.run(ShellScript.playQuiz(count: 3)).status == 0)
            one.serverURL = server.api.baseURL
            other.serverURL = server.api.baseURL
            server.clock.advance(by: 3600)
            let first = await one.run(["sync"])
            #expect(first.output.contains("↑ 3 results uploaded"), "\(first.output)")
            // The second upload of the quiz is acknowledged without replacing the first; its answers join it.
            let second = await other.run(["sync"])
            #expect(second.output.contains("↑ 3 results uploaded"), "\(second.output)")
            #expect(second.output.contains("the server holds 6 answers and 1 quiz"), "\(second.output)")
            #expect(second.output.contains("↓ 3 results, 0 quizzes"), "\(second.output)")
            let back = await one.run(["sync"])
            #expect(back.output.contains("↓ 3 results, 0 quizzes"), "\(back.output)")
            let user = try #require(try other.database.user(email: "mina@example.com"))
            for device in [one, other] {
                #expect(try device.database.quizCount(userId: user.id) == 1)
                #expect(try device.database.resultCount(userId: user.id) == 6)
            }
            let quizId = try #require(try one.database.recentQuizIds(userId: user.id, limit: 1).first)
            let answers = { (device: ShellScript) in
                Set(try #require(try device.database.quiz(idOrPrefix: quizId, userId: user.id)).1.map(\.id))
            }
            #expect(try answers(one) == answers(other))
            #expect(try one.database.stats(userId: user.id, now: server.clock.now(), timeZone: .gmt)
                    == other.database.stats(userId: user.id, now: server.clock.now(), timeZone: .gmt))
            for category in QuizCategory.allCases {
                #expect(try one.database.candidateIds(category: category, unsolvedBy: user.id)
                        == other.database.candidateIds(category: category, unsolvedBy: user.id))
            }
        }
    }

    @Test func aResultTheServerRefusedStaysOnItsDeviceAndNoOtherGetsIt() async throws {
        try await LiveServer.run { server in
            let one = try Self.device(server, seed: 51)
            #expect(await one.run(Self.register).status == 0)
            // Played by a clock two hours ahead of the server's: answers from its future are refused.
            one.clock.advance(by: 7200)
            let refused = await one.run(ShellScript.playQuiz(count: 3) + ["sync"])
            #expect(refused.output.contains("The server refused 3 results (dated later than the server's clock); they stay on this device."),
                    "\(refused.output)")
            let user = try #require(try one.database.user(email: "mina@example.com"))
            #expect(try one.database.pendingSyncCount(userId: user.id) == 3)

            let other = try Self.device(server, seed: 52)
            let restored = await other.run(Self.login + ["sync"])
            #expect(restored.output.contains("↓ nothing new"), "\(restored.output)")
            #expect(try other.database.resultCount(userId: user.id) == 0)
            // Once the server's clock reaches them, they go up, and come down on the other device.
            server.clock.advance(by: 3 * 3600)
            let later = await one.run(["sync"])
            #expect(later.output.contains("↑ 3 results uploaded"), "\(later.output)")
            let back = await other.run(["sync"])
            #expect(back.output.contains("↓ 3 results, 1 quiz"), "\(back.output)")
            try Self.expectSame(one, other, now: server.clock.now())
        }
    }
}

/// The real client, cut off (as if the server died) after `pages` pages of download.
func cutOffAfterPages(_ inner: any RemoteAPI, pages: Int) -> any RemoteAPI {
    let counter = CallCounter()
    return ForwardingRemoteAPI(inner: inner).replacing(API.syncChanges) { inner, call throws(RemoteError) in
        guard counter.next() <= pages else { throw .unreachable("connection reset by peer") }
        return try await inner.send(call)
    }
}
