import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 24: one upload of invented "correct" results (the right words, 0.01 s each, one instant, quizzes never
/// uploaded) ranked #1, and an old account filled past days' boards. Each test is a client that lies one way; what it
/// sends is held, never ranked (`LeaderboardRules`, docs/leaderboard-rules.md).
@Suite struct PlausiblePlayTests {
    /// Every question of the bundled pack, in a fixed order.
    static let questionIds = bundledQuestions.keys.sorted()

    /// The right answer to the `index`-th question, answered at `at` after `timeSpent` seconds, in quiz `quiz`.
    static func rightAnswer(_ index: Int, quiz: String, at: Date, timeSpent: Double = 3,
                            type: QuizType = .multipleChoice) -> UploadedResult {
        let id = questionIds[index]
        let question = bundledQuestions[id]!
        return UploadedResult(id: "\(quiz)-\(index)", quizId: quiz, questionId: id, category: question.category,
                              type: type, outcome: .correct, timeSpent: timeSpent, answeredAt: at, hintUsed: false,
                              answer: question.en.answer)
    }

    /// A quiz of `count` right answers from question `first` on, one every `every` seconds from `start` (the first
    /// after `every`), each taking `timeSpent`; the quiz spans them.
    static func honestQuiz(_ quiz: String, first: Int = 0, count: Int, start: Date, every: Double = 5,
                           timeSpent: Double = 3, type: QuizType = .multipleChoice) -> ResultUploadRequest {
        let results = (0..<count).map {
            rightAnswer(first + $0, quiz: quiz, at: start.addingTimeInterval(Double($0 + 1) * every),
                        timeSpent: timeSpent, type: type)
        }
        return ResultUploadRequest(results: results, quizzes: [quizRecord(quiz, count: count, start: start,
                                                                            end: start.addingTimeInterval(Double(count + 1) * every))])
    }

    static func quizRecord(_ id: String, count: Int, start: Date, end: Date?) -> UploadedQuiz {
        UploadedQuiz(id: id, category: .country, type: .multipleChoice, format: .individual, correctCount: count,
                     questionCount: count, startedAt: start, finishedAt: end)
    }

    static func score(_ client: some TestClientProtocol, _ token: String, date: String = "2026-11-22") async throws
        -> Int? {
        try await client.get("/v1/leaderboard/daily?date=\(date)", token: token).decode(LeaderboardResponse.self).you?.score
    }

    static func upload(_ client: some TestClientProtocol, _ batch: ResultUploadRequest, _ token: String) async throws
        -> ResultUploadResponse {
        let response = try await client.post("/v1/results", json: batch, token: token)
        #expect(response.status == .ok, "\(response.error?.message ?? "")")
        return try response.decode(ResultUploadResponse.self)
    }

    @Test(arguments: StorageBackend.allCases)
    func theIssuesCheatIsHeldButRanksNothing(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let honest = try await client.register("mina@example.com")
            _ = try await Self.upload(client, Self.honestQuiz("honest", count: 3, start: TestServer.start), honest.accessToken)
            let cheat = try await client.register("cheat@example.com")
            // One "correct" result per question, the right words, 0.01 s each, one instant, quizzes never uploaded.
            let forged = ResultUploadRequest(results: (0..<300).map {
                Self.rightAnswer($0, quiz: "never-\($0 % 7)", at: TestServer.start, timeSpent: 0.01)
            })
            let body = try await Self.upload(client, forged, cheat.accessToken)
            #expect(body.accepted.count == 300, "held, as today")
            #expect(try await Self.score(client, cheat.accessToken) == nil)
            #expect(try await client.get("/v1/results/summary", token: cheat.accessToken)
                .decode(ResultSummaryResponse.self).correct == 300)
            // Their quizzes sent afterwards, each spanning that one instant, rank nothing either.
            let quizzes = (0..<7).map { Self.quizRecord("never-\($0)", count: 50, start: TestServer.start, end: TestServer.start) }
            _ = try await Self.upload(client, ResultUploadRequest(results: [], quizzes: quizzes), cheat.accessToken)
            #expect(try await Self.score(client, cheat.accessToken) == nil)
            #expect(try await Self.score(client, honest.accessToken) == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func answersFasterThanAPersonDoNotRank(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            var batch = Self.honestQuiz("q1", count: 4, start: TestServer.start)
            batch.results[0].timeSpent = 0          // timeSpent 0 once counted
            batch.results[1].timeSpent = 0.5        // under a multiple-choice floor
            batch.results[2].type = .shortAnswer    // typed in 1.5 s: under the floor for typing
            batch.results[2].timeSpent = 1.5
            _ = try await Self.upload(client, batch, mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 1, "only the answer in 3 s")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func answersAtOneInstantOrOutsideTheirQuizRankNothingOfIt(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            _ = try await client.register("mina@example.com")
            clock.advance(by: 3_600)
            let mina = try await client.login("mina@example.com")
            // Two answers at the same instant: the whole quiz is no play.
            var instant = Self.honestQuiz("q1", count: 4, start: TestServer.start)
            instant.results[3].answeredAt = instant.results[2].answeredAt
            _ = try await Self.upload(client, instant, mina.accessToken)
            // Times spent that overlap: 4 s each, 2 s apart.
            let overlapping = Self.honestQuiz("q2", first: 10, count: 4, start: TestServer.start.addingTimeInterval(600),
                                              every: 2, timeSpent: 4)
            _ = try await Self.upload(client, overlapping, mina.accessToken)
            // A quiz whose span does not cover its answers.
            var short = Self.honestQuiz("q3", first: 20, count: 4, start: TestServer.start.addingTimeInterval(1_200))
            short.quizzes[0].finishedAt = short.quizzes[0].startedAt.addingTimeInterval(6)
            _ = try await Self.upload(client, short, mina.accessToken)
            // More answers than the quiz had questions.
            var padded = Self.honestQuiz("q4", first: 30, count: 4, start: TestServer.start.addingTimeInterval(1_800))
            padded.quizzes[0].questionCount = 2
            padded.quizzes[0].correctCount = 2
            _ = try await Self.upload(client, padded, mina.accessToken)
            // A quiz at the same time as a ranked one (a second device, or invented quizzes side by side).
            _ = try await Self.upload(client, Self.honestQuiz("q5", first: 40, count: 2, start: TestServer.start.addingTimeInterval(2_400)),
                                      mina.accessToken)
            _ = try await Self.upload(client, Self.honestQuiz("q6", first: 50, count: 2, start: TestServer.start.addingTimeInterval(2_401)),
                                      mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 2, "only q5")
            #expect(try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self).results == 20)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func answersSentBeforeTheirQuizRankWhenItArrives(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let quiz = Self.honestQuiz("q1", count: 4, start: TestServer.start)
            // A device's backlog: the answers go in one batch, their quiz in a later one (or after it was resumed).
            _ = try await Self.upload(client, ResultUploadRequest(results: Array(quiz.results.prefix(3))), mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == nil)
            _ = try await Self.upload(client, ResultUploadRequest(results: [], quizzes: quiz.quizzes), mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 3)
            // The last answer after its quiz: judged with the others.
            _ = try await Self.upload(client, ResultUploadRequest(results: [quiz.results[3]]), mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 4)
            // An answer added afterwards at the instant of another makes the whole quiz no play.
            var twin = quiz.results[3]
            twin.id = "twin"
            twin.questionId = Self.questionIds[99]
            twin.outcome = .wrong
            _ = try await Self.upload(client, ResultUploadRequest(results: [twin]), mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func pastDaysCloseAfterTheirGrace(_ backend: StorageBackend) async throws {
        // An account made ten days ago, signed in today at 01:00 UTC.
        let today = UTCDay.start(of: TestServer.start)
        let clock = ManualClock(today.addingTimeInterval(-10 * 86_400))
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            _ = try await client.register("old@example.com")
            clock.advance(by: 10 * 86_400 + 3_600)
            let old = try await client.login("old@example.com")
            for day in 2...9 {
                let start = today.addingTimeInterval(-Double(day) * 86_400 + 3_600)
                _ = try await Self.upload(client, Self.honestQuiz("day-\(day)", first: day * 10, count: 5, start: start),
                                          old.accessToken)
            }
            // Yesterday at 23:58: within the grace, a device syncing late still ranks it.
            let late = Self.honestQuiz("late", count: 3, start: today.addingTimeInterval(-120))
            _ = try await Self.upload(client, late, old.accessToken)
            for day in 2...9 {
                let date = LeaderboardController.format(today.addingTimeInterval(-Double(day) * 86_400))
                #expect(try await Self.score(client, old.accessToken, date: date) == nil, "\(date)")
            }
            #expect(try await Self.score(client, old.accessToken, date: "2026-11-21") == 3)
            // Three hours into the day, yesterday is closed.
            clock.advance(by: 2 * 3_600)
            let again = try await client.login("old@example.com")
            _ = try await Self.upload(client, Self.honestQuiz("later", first: 200, count: 3, start: today.addingTimeInterval(-60)),
                                      again.accessToken)
            #expect(try await Self.score(client, again.accessToken, date: "2026-11-21") == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anAccountRanksAtMostTheDailyCap(_ backend: StorageBackend) async throws {
        let cap = LeaderboardRules.dailyCap
        let midnight = UTCDay.start(of: TestServer.start)
        let clock = ManualClock(midnight)
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            _ = try await client.register("mina@example.com")
            clock.advance(by: 6 * 3_600)
            let mina = try await client.login("mina@example.com")
            // Quizzes of 50 at human speed, one after another from midnight: cap + 100 right answers.
            for quiz in 0..<(cap / 50 + 2) {
                let start = midnight.addingTimeInterval(60 + Double(quiz) * 300)
                _ = try await Self.upload(client, Self.honestQuiz("q\(quiz)", first: quiz * 50, count: 50, start: start),
                                          mina.accessToken)
            }
            #expect(try await Self.score(client, mina.accessToken) == cap)
        }
    }
}
