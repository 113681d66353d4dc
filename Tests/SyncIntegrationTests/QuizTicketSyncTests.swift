import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Testing

/// Issue 24, the shell's side of quiz tickets, against the server as it ships (only quizzes on a ticket rank): `sync`
/// fetches tickets, a quiz played offline deals a ticket's questions in its order and uploads the ticket at the next
/// sync, and it ranks; a quiz with no ticket to play on says once that it will not rank.
@Suite struct QuizTicketSyncTests {
    /// A closed port: the shell plays with no server to reach.
    static let offline = "http://127.0.0.1:1"

    @Test func aQuizPlayedOfflineOnATicketRanks() async throws {
        try await LiveServer.run(ticketsRequired: true) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.secondsPerLine = 2
            let first = await shell.run(ShellSyncTests.register + ["sync"])
            #expect(first.status == 0, "\(first.output)")
            #expect(first.output.contains("quiz tickets fetched"), "\(first.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            let held = try shell.database.unusedQuizTickets(userId: user.id, now: LiveServer.start)
            let ticket = try #require(held.first { $0.category == .country && $0.type == .multipleChoice })
            #expect(held.count == 2 * 5 * QuizTicketKind.types.count, "two of each category and type")

            // Offline: the quiz is dealt from the ticket, in its order.
            shell.serverURL = Self.offline
            let played = await shell.run(ShellScript.playQuiz(count: 10, category: "country"))
            #expect(played.status == 0, "\(played.output)")
            #expect(!played.output.contains("will not rank"), "\(played.output)")
            let quizId = try #require(try shell.database.recentQuizIds(userId: user.id, limit: 1).first)
            let (quiz, _) = try #require(try shell.database.quiz(idOrPrefix: quizId, userId: user.id))
            #expect(quiz.dealt.map(\.questionId) == ticket.questionIds)
            var seeded = SeededGenerator(seed: ticket.seed)
            #expect(quiz.dealt == QuestionDealer.dealInOrder(ticket.questionIds, using: &seeded))
            #expect(try shell.database.unusedQuizTickets(userId: user.id, now: LiveServer.start).count == held.count - 1)

            // Back online: the quiz goes up with its ticket and ranks.
            shell.serverURL = server.api.baseURL
            server.clock.advance(by: 600)
            let synced = await shell.run(["sync"])
            #expect(synced.status == 0, "\(synced.output)")
            #expect(synced.output.contains("10 results uploaded"), "\(synced.output)")
            #expect(synced.output.contains("1 quiz ticket fetched"), "\(synced.output)")
            let login = try await server.api.call(API.login, CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            let summary = try await server.api.call(API.resultSummary, accessToken: login.accessToken)
            #expect(summary.results == 10)
            // The options' order comes from the ticket's seed, which the server draws: the answers "1" may all be
            // wrong, and a quiz with no right answer ranks all the same (a score of 0 on the day's board).
            let board = try await server.api.call(API.dailyLeaderboard, accessToken: login.accessToken)
            let you = try #require(board.you, "the quiz played on a ticket ranks")
            #expect(you.score == summary.correct)
        }
    }

    @Test func aQuizWithoutATicketSaysOnceThatItWillNotRankAndDoesNot() async throws {
        try await LiveServer.run(ticketsRequired: true) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.secondsPerLine = 2
            _ = await shell.run(ShellSyncTests.register + ["sync"])
            shell.serverURL = Self.offline
            // Five questions: the tickets deal ten.
            let played = await shell.run(ShellScript.playQuiz(count: 5, category: "music")
                                         + ShellScript.playQuiz(count: 5, category: "music"))
            #expect(played.status == 0, "\(played.output)")
            #expect(played.output.components(separatedBy: "will not rank").count == 2, "said once: \(played.output)")
            #expect(played.output.contains("'start random 10'"))
            shell.serverURL = server.api.baseURL
            server.clock.advance(by: 600)
            let synced = await shell.run(["sync"])
            #expect(synced.output.contains("10 results uploaded"), "\(synced.output)")
            let login = try await server.api.call(API.login, CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            #expect(try await server.api.call(API.dailyLeaderboard, accessToken: login.accessToken).you == nil)
        }
    }

    @Test func theNoticeSpeaksKoreanToAKoreanPlayer() async throws {
        try await LiveServer.run(ticketsRequired: true) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.secondsPerLine = 2
            _ = await shell.run(ShellSyncTests.register + ["sync"])
            shell.language = .ko
            shell.serverURL = Self.offline
            let played = await shell.run(ShellScript.playQuiz(count: 5, category: "drama"))
            #expect(played.status == 0, "\(played.output)")
            #expect(played.output.contains("순위표에 오르지 않습니다"), "\(played.output)")
            #expect(played.output.contains("'start random 10'"))
        }
    }
}
