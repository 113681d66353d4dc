import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 13: the server believed the client. 5,000 invented "correct" results for a question that does not exist put
/// their author at #1, and a result could name another account's quiz.
@Suite struct ResultVerificationTests {
    static func result(_ id: String, quiz: String = "q1", question: String, outcome: AnswerOutcome = .correct,
                       at date: Date = TestServer.start, timeSpent: Double = 3, answer given: String? = nil) -> UploadedResult {
        UploadedResult(id: id, quizId: quiz, questionId: question, category: .country, type: .multipleChoice,
                       outcome: outcome, timeSpent: timeSpent, answeredAt: date, hintUsed: false,
                       answer: given ?? answer(to: question, right: outcome == .correct))
    }

    /// `results` as one quiz played at human speed: one every 5 s from `TestServer.start`, 3 s each, with the quiz.
    static func played(_ results: [UploadedResult], quiz: String = "q1") -> ResultUploadRequest {
        var timed = results
        for index in timed.indices {
            timed[index].quizId = quiz
            timed[index].answeredAt = TestServer.start.addingTimeInterval(Double(index + 1) * 5)
            timed[index].timeSpent = 3
        }
        return ResultUploadRequest(results: timed, quizzes: [
            UploadedQuiz(id: quiz, category: .country, type: .multipleChoice, format: .individual,
                         correctCount: results.filter { $0.outcome == .correct }.count, questionCount: results.count,
                         startedAt: TestServer.start,
                         finishedAt: TestServer.start.addingTimeInterval(Double(results.count + 1) * 5)),
        ])
    }

    static func board(_ client: some TestClientProtocol, _ token: String) async throws -> LeaderboardResponse {
        try await client.get("/v1/leaderboard/daily?date=2026-11-22", token: token).decode(LeaderboardResponse.self)
    }

    @Test(arguments: StorageBackend.allCases)

    func inventedQuestionsAreRefusedAndRankNobody(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            _ = try await client.post("/v1/results", json: quizBatch("honest", correct: 2, count: 3, at: TestServer.start),
                                      token: mina.accessToken)
            let cheat = try await client.register("cheat@example.com")
            let forged = ResultUploadRequest(results: (0..<5_000).map {
                Self.result("f\($0)", quiz: "fq", question: "no-such-question", at: TestServer.start.addingTimeInterval(Double($0) / 100))
            })
            let response = try await client.post("/v1/results", json: forged, token: cheat.accessToken)
            #expect(response.status == .ok)
            let body = try response.decode(ResultUploadResponse.self)
            #expect(body.accepted.isEmpty)
            #expect(body.rejected.count == 5_000)
            #expect(body.refusals.allSatisfy { $0.reason == .unknownQuestion })

            let board = try await Self.board(client, cheat.accessToken)
            #expect(board.entries.map(\.displayName) == ["mina"])
            #expect(board.you == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aResultCannotNameAnotherAccountsQuiz(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let joon = try await client.register("joon@example.com")
            _ = try await client.post("/v1/results", json: quizBatch("minas-quiz", correct: 1, count: 1, at: TestServer.start),
                                      token: mina.accessToken)
            let hostile = ResultUploadRequest(results: [Self.result("j1", quiz: "minas-quiz", question: countryQuestion(5))])
            let body = try await client.post("/v1/results", json: hostile, token: joon.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(body.refusals == [ResultRefusal(id: "j1", reason: .notYourQuiz)])
            #expect(body.rejected == ["j1"])
            #expect(try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self).results == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func timesFromTheFutureOrBeyondPlayAreRefused(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            var late = quizBatch("late", correct: 0, count: 0, at: TestServer.start.addingTimeInterval(3_600))
            late.results = [
                Self.result("skewed", question: countryQuestion(0), at: TestServer.start.addingTimeInterval(60)),
                Self.result("tomorrow", question: countryQuestion(1), at: TestServer.start.addingTimeInterval(86_400)),
                Self.result("forever", question: countryQuestion(2), timeSpent: 1e9),
            ]
            let body = try await client.post("/v1/results", json: late, token: mina.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(body.accepted == ["skewed"])
            #expect(Set(body.refusals.map { "\($0.id) \($0.reason.rawValue)" })
                == ["tomorrow in_the_future", "forever implausible_time", "late in_the_future"])
            #expect(body.acceptedQuizzes.isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func eachQuestionCountsOnceADayByItsFirstAnswer(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            // The same five questions: first 2 right, then (a replay, knowing the answers) all 5.
            _ = try await client.post("/v1/results", json: quizBatch("q1", correct: 2, count: 5, at: TestServer.start),
                                      token: mina.accessToken)
            _ = try await client.post("/v1/results",
                                      json: quizBatch("q2", correct: 5, count: 5, at: TestServer.start.addingTimeInterval(120)),
                                      token: mina.accessToken)
            #expect(try await Self.board(client, mina.accessToken).you == .init(rank: 1, score: 2, accuracy: 0.4))
            // Both quizzes are held all the same.
            #expect(try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self).results == 10)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func questionsOfTheKnowledgeBasesGeneratorCountLikeThePacks(_ backend: StorageBackend) async throws {
        let generated = try #require(ServedContent.bundledGenerated.first?.id)
        #expect(generated.hasPrefix("ai-"))
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let body = try await client.post("/v1/results", json: Self.played([Self.result("kb", question: generated)]),
                                             token: mina.accessToken).decode(ResultUploadResponse.self)
            #expect(body.accepted == ["kb"])
            #expect(try await Self.board(client, mina.accessToken).you?.score == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func generatedQuestionsAndAnswersFromBeforeTheAccountAreHeldButNotRanked(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let batch = ResultUploadRequest(results: [
                Self.result("ai", question: "ai-capital-atlantis"), // an id the generator does not make
                Self.result("llm", question: "ai-llm-5f3a"),
                // A guest's history, moved to the account when it signed up.
                Self.result("guest", question: countryQuestion(0), at: TestServer.start.addingTimeInterval(-3_600)),
            ])
            let body = try await client.post("/v1/results", json: batch, token: mina.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(body.accepted == ["ai", "llm", "guest"])
            #expect(body.rejected.isEmpty)
            #expect(try await Self.board(client, mina.accessToken).entries.isEmpty)
            #expect(try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self).correct == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aResultThatSaysItIsRightIsGradedAgainFromItsAnswer(_ backend: StorageBackend) async throws {
        let question = try #require(bundledQuestions[countryQuestion(0)])
        let wrongOption = try #require(question.en.options.first { $0 != question.en.answer })
        let alternative = question.en.alternatives.first ?? question.ko.answer
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let batch = Self.played([
                Self.result("forged", question: countryQuestion(0), answer: wrongOption), // "correct", but it is not
                Self.result("nonsense", question: countryQuestion(1), answer: "I win"),
                Self.result("korean", question: countryQuestion(0), answer: question.ko.answer), // the answer in Korean
                Self.result("typed", question: countryQuestion(0), answer: alternative), // typed another way
                Self.result("modest", question: countryQuestion(2), outcome: .wrong, answer: "anything"),
            ])
            let body = try await client.post("/v1/results", json: batch, token: mina.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(body.accepted.sorted() == ["korean", "modest", "typed"])
            #expect(body.refusals.sorted { $0.id < $1.id } == [
                ResultRefusal(id: "forged", reason: .notTheAnswer), ResultRefusal(id: "nonsense", reason: .notTheAnswer),
            ])
            // country-0001 counts once a day, country-0003 was answered wrong.
            #expect(try await Self.board(client, mina.accessToken).you?.score == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anOlderDevicesRightAnswerWithoutItsWordsIsHeldButNotRanked(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            var old = Self.result("old", question: countryQuestion(0))
            old.answer = nil
            let body = try await client.post("/v1/results", json: ResultUploadRequest(results: [old]), token: mina.accessToken)
                .decode(ResultUploadResponse.self)
            #expect(body.accepted == ["old"])
            #expect(try await Self.board(client, mina.accessToken).entries.isEmpty)
        }
    }

    /// The words of an answer are as long as the shell takes at most (1 KiB): a longer one is a lie or an attack.
    @Test func anAnswerLongerThanTheShellTakesIsRefusedWholeWithABadRequest() async throws {
        try await TestServer.app().test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let fits = Self.result("fits", question: countryQuestion(1), outcome: .wrong,
                                   answer: String(repeating: "가", count: 341)) // 1,023 bytes
            let long = Self.result("long", question: countryQuestion(0), answer: String(repeating: "a", count: 1_025))
            let refused = try await client.post("/v1/results", json: ResultUploadRequest(results: [fits, long]),
                                                token: mina.accessToken)
            #expect(refused.status == .badRequest)
            #expect(refused.error?.message.contains("'results[1].answer' must be at most 1024 bytes") == true)
            let held = try await client.post("/v1/results", json: ResultUploadRequest(results: [fits]), token: mina.accessToken)
            #expect(try held.decode(ResultUploadResponse.self).accepted == ["fits"])
        }
    }
}
