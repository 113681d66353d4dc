import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 24: a ranked answer belongs to a quiz the server dealt. Each test is a client that lies about its ticket
/// one way; what it sends is held, never ranked. On SQLite and PostgreSQL, with the server's defaults (tickets
/// required).
@Suite struct QuizTicketTests {
    /// A server as it runs by default: quizzes without a ticket do not rank.
    static func app(_ backend: StorageBackend, clock: ManualClock = ManualClock(TestServer.start),
                    ticketless: Bool = false) async throws -> some ApplicationProtocol {
        try await TestServer.app(backend: backend, clock: clock, secret: "ticket-test-secret-0123456789") {
            arguments, _ in arguments.ranksQuizzesWithoutTickets = ticketless
        }
    }

    static func deal(_ client: some TestClientProtocol, _ token: String, _ wants: [QuizTicketRequest.Want])
        async throws -> QuizTicketResponse {
        let response = try await client.post("/v1/quizzes/tickets", json: QuizTicketRequest(wants: wants), token: token)
        #expect(response.status == .ok, "\(response.error?.message ?? "")")
        return try response.decode(QuizTicketResponse.self)
    }

    static func ticket(_ client: some TestClientProtocol, _ token: String, type: QuizType = .multipleChoice)
        async throws -> QuizTicket {
        try #require(try await deal(client, token, [.init(category: .country, type: type)]).tickets.first)
    }

    /// The quiz a person plays on `ticket`: its questions in order, one every 5 s from `start`, each in 3 s, right,
    /// `count` of them (all by default); finished after the last, with the ticket.
    static func play(_ ticket: QuizTicket, quizId: String, start: Date, count: Int? = nil,
                     questionIds: [String]? = nil) -> ResultUploadRequest {
        let ids = questionIds ?? Array(ticket.questionIds.prefix(count ?? ticket.questionIds.count))
        let results = ids.enumerated().map { index, id in
            UploadedResult(id: "\(quizId)-\(index)", quizId: quizId, questionId: id, category: ticket.category,
                           type: ticket.type, outcome: .correct, timeSpent: 3,
                           answeredAt: start.addingTimeInterval(Double(index + 1) * 5), hintUsed: false,
                           answer: bundledQuestions[id]?.en.answer)
        }
        let quiz = UploadedQuiz(id: quizId, category: ticket.category, type: ticket.type, format: .individual,
                                correctCount: ids.count, questionCount: ticket.questionIds.count, startedAt: start,
                                finishedAt: start.addingTimeInterval(Double(ids.count + 1) * 5), ticket: ticket.token)
        return ResultUploadRequest(results: results, quizzes: [quiz])
    }

    static func score(_ client: some TestClientProtocol, _ token: String, date: String = "2026-11-22") async throws
        -> Int? {
        try await PlausiblePlayTests.score(client, token, date: date)
    }

    @Test(arguments: StorageBackend.allCases)
    func dealsSignedTicketsOfTheKindAskedWithinTheDailyNumber(_ backend: StorageBackend) async throws {
        try await Self.app(backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            let first = try await Self.deal(client, mina.accessToken, [.init(category: .country, type: .multipleChoice, count: 3),
                                                                       .init(category: .music, type: .shortAnswer)])
            #expect(first.tickets.map(\.kind) == [QuizTicketKind(category: .country, type: .multipleChoice),
                                                  QuizTicketKind(category: .country, type: .multipleChoice),
                                                  QuizTicketKind(category: .country, type: .multipleChoice),
                                                  QuizTicketKind(category: .music, type: .shortAnswer)])
            #expect(first.remainingToday == QuizTicketController.dailyCap - 4)
            for ticket in first.tickets {
                #expect(ticket.questionIds.count == 10)
                #expect(Set(ticket.questionIds).count == 10)
                #expect(ticket.questionIds.allSatisfy { bundledQuestions[$0]?.category == ticket.category })
                #expect(ticket.expiresAt == ticket.issuedAt.addingTimeInterval(7 * 86_400))
                #expect(ticket.day == "2026-11-22")
                #expect(ticket.token.split(separator: ".").count == 3)
                #expect(ticket.seed < 1 << 53)
            }
            #expect(Set(first.tickets.map(\.id)).count == 4)
            // The rest of the day's number, and no more.
            let rest = try await Self.deal(client, mina.accessToken, [.init(category: .person, type: .voice, count: 50)])
            #expect(rest.tickets.count == QuizTicketController.dailyCap - 4)
            #expect(rest.tickets.allSatisfy { $0.questionIds.allSatisfy { bundledQuestions[$0]?.voice == true } })
            #expect(rest.remainingToday == 0)
            let none = try await Self.deal(client, mina.accessToken, [.init(category: .person, type: .multipleChoice)])
            #expect(none.tickets.isEmpty)
            // Bad requests say what to send.
            let ai = try await client.post("/v1/quizzes/tickets",
                                           json: QuizTicketRequest(wants: [.init(category: .person, type: .ai)]),
                                           token: mina.accessToken)
            #expect(ai.status == .badRequest)
            #expect(ai.error?.message.contains("AI mode") == true)
            let unsigned = try await client.post("/v1/quizzes/tickets",
                                                 json: QuizTicketRequest(wants: [.init(category: .person, type: .voice)]))
            #expect(unsigned.status == .unauthorized)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aQuizPlayedOnItsTicketRanksAndOneWithoutATicketDoesNot(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            let ticket = try await Self.ticket(client, mina.accessToken)
            clock.advance(by: 3_600)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            let batch = Self.play(ticket, quizId: "on-ticket", start: TestServer.start.addingTimeInterval(600))
            _ = try await PlausiblePlayTests.upload(client, batch, mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 10)
            // Sending it again changes nothing.
            _ = try await PlausiblePlayTests.upload(client, batch, mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 10)

            // Invented quizzes without tickets, played at a person's pace: held, never ranked.
            let joon = try await client.register("joon@example.com")
            let invented = PlausiblePlayTests.honestQuiz("invented", count: 5, start: TestServer.start.addingTimeInterval(1_200))
            let held = try await PlausiblePlayTests.upload(client, invented, joon.accessToken)
            #expect(held.accepted.count == 5)
            #expect(try await Self.score(client, joon.accessToken) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func withTheTransitionFlagAQuizWithoutATicketRanksAsBefore(_ backend: StorageBackend) async throws {
        try await Self.app(backend, ticketless: true).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            _ = try await PlausiblePlayTests.upload(client, PlausiblePlayTests.honestQuiz("old-device", count: 3, start: TestServer.start),
                                                    mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 3)
            // A ticket that lies still ranks nothing: the flag is for quizzes without one.
            let ticket = try await Self.ticket(client, mina.accessToken)
            var shuffled = Self.play(ticket, quizId: "lying", start: TestServer.start.addingTimeInterval(600),
                                     questionIds: ticket.questionIds.reversed())
            shuffled.quizzes[0].correctCount = 10
            _ = try await PlausiblePlayTests.upload(client, shuffled, mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aForgedTicketRanksNothing(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            let ticket = try await Self.ticket(client, mina.accessToken)
            clock.advance(by: 3_600)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            // Its claims rewritten to other questions (the signature kept), and one signed with another key.
            var altered = ticket
            let parts = ticket.token.split(separator: ".").map(String.init)
            var claims = try #require(try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1]) ?? Data())
                as? [String: Any])
            let easy = (0..<10).map { countryQuestion($0) }
            claims["q"] = easy
            altered.token = [parts[0], Base64URL.encode(try JSONSerialization.data(withJSONObject: claims)), parts[2]]
                .joined(separator: ".")
            altered.questionIds = easy
            _ = try await PlausiblePlayTests.upload(client, Self.play(altered, quizId: "altered",
                                                                      start: TestServer.start.addingTimeInterval(600)),
                                                    mina.accessToken)
            var foreign = ticket
            foreign.token = try await QuizTickets(signingKey: Array("someone else's secret 0123456789".utf8)).sign(
                QuizTicketClaims(id: "made-up", userId: mina.user.id, seed: 1, category: .country,
                                 type: .multipleChoice, questionIds: ticket.questionIds,
                                 issuedAt: Int(TestServer.start.timeIntervalSince1970),
                                 expiresAt: Int(TestServer.start.timeIntervalSince1970) + 86_400))
            _ = try await PlausiblePlayTests.upload(client, Self.play(foreign, quizId: "foreign",
                                                                      start: TestServer.start.addingTimeInterval(1_200)),
                                                    mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == nil)
            #expect(try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self).results == 20, "held, as every upload")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredTicketRanksNothing(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            let tickets = try await Self.deal(client, mina.accessToken,
                                              [.init(category: .country, type: .multipleChoice, count: 3)]).tickets
            // They run out a week after they were dealt: 2026-11-29 06:00 UTC.
            let expiry = try #require(tickets.first?.expiresAt)
            // Played an hour before, uploaded an hour and a half after (a late sync, within the 2 h grace): ranks.
            clock.advance(by: 7 * 86_400 + 5_400)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[0], quizId: "in-time",
                                                                      start: expiry.addingTimeInterval(-3_600)),
                                                    mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken, date: "2026-11-29") == 10)
            // Three hours after: played before it ran out, but kept too long; and one played after it ran out.
            clock.advance(by: 5_400)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[1], quizId: "kept",
                                                                      start: expiry.addingTimeInterval(-7_200)),
                                                    mina.accessToken)
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[2], quizId: "late",
                                                                      start: expiry.addingTimeInterval(1_800)),
                                                    mina.accessToken)
            let held = try await client.get("/v1/results/summary", token: mina.accessToken)
                .decode(ResultSummaryResponse.self)
            #expect(held.results == 30)
            #expect(try await Self.score(client, mina.accessToken, date: "2026-11-29") == 10)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherAccountsTicketRanksNothing(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            var joon = try await client.register("joon@example.com")
            let joons = try await Self.ticket(client, joon.accessToken)
            clock.advance(by: 3_600)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            joon = try await client.login("joon@example.com")
            _ = try await PlausiblePlayTests.upload(client, Self.play(joons, quizId: "borrowed",
                                                                      start: TestServer.start.addingTimeInterval(600)),
                                                    mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == nil)
            // Joon can still play it: nobody used it.
            _ = try await PlausiblePlayTests.upload(client, Self.play(joons, quizId: "joons",
                                                                      start: TestServer.start.addingTimeInterval(600)),
                                                    joon.accessToken)
            #expect(try await Self.score(client, joon.accessToken) == 10)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aTicketUsedTwiceRanksOnce(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            let ticket = try await Self.ticket(client, mina.accessToken)
            let fresh = try await Self.ticket(client, mina.accessToken)
            clock.advance(by: 3_600)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            _ = try await PlausiblePlayTests.upload(client, Self.play(ticket, quizId: "first",
                                                                      start: TestServer.start.addingTimeInterval(600)),
                                                    mina.accessToken)
            // The same ticket for a second quiz later on (its own result ids, at its own time), and for two quizzes
            // in one upload.
            _ = try await PlausiblePlayTests.upload(client, Self.play(ticket, quizId: "again",
                                                                      start: TestServer.start.addingTimeInterval(1_200)),
                                                    mina.accessToken)
            var both = Self.play(fresh, quizId: "one", start: TestServer.start.addingTimeInterval(1_800))
            let other = Self.play(fresh, quizId: "two", start: TestServer.start.addingTimeInterval(2_400))
            both.results += other.results
            both.quizzes += other.quizzes
            _ = try await PlausiblePlayTests.upload(client, both, mina.accessToken)
            // The first quiz and "one" rank: 10 distinct questions each (overlapping questions count once a day).
            let first = Set(ticket.questionIds)
            let expected = first.count + Set(fresh.questionIds).subtracting(first).count
            #expect(try await Self.score(client, mina.accessToken) == expected)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func resultsThatAreNotTheTicketsQuestionsInItsOrderRankNothing(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await Self.app(backend, clock: clock).test(.router) { client in
            var mina = try await client.register("mina@example.com")
            let tickets = try await Self.deal(client, mina.accessToken,
                                              [.init(category: .country, type: .multipleChoice, count: 4)]).tickets
            clock.advance(by: 3_600)
            mina = try await client.login("mina@example.com")  // the access token ran out meanwhile
            // Another question in place of one of the ticket's (an easier one).
            var swapped = tickets[0].questionIds
            swapped[4] = try #require(bundledQuestions.values.first {
                $0.category == .country && !swapped.contains($0.id) && !$0.id.hasPrefix("ai-")
            }).id
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[0], quizId: "swapped",
                                                                      start: TestServer.start.addingTimeInterval(600),
                                                                      questionIds: swapped), mina.accessToken)
            // The ticket's questions in another order.
            var reordered = tickets[1].questionIds
            reordered.swapAt(2, 3)
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[1], quizId: "reordered",
                                                                      start: TestServer.start.addingTimeInterval(1_200),
                                                                      questionIds: reordered), mina.accessToken)
            // A quiz saying it had fewer questions than its ticket, so that the first few look finished.
            var shortened = Self.play(tickets[2], quizId: "shortened", start: TestServer.start.addingTimeInterval(1_800),
                                      count: 3)
            shortened.quizzes[0].questionCount = 3
            _ = try await PlausiblePlayTests.upload(client, shortened, mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == nil)
            // An abandoned quiz: its answers are the ticket's first questions, in order, and they rank.
            _ = try await PlausiblePlayTests.upload(client, Self.play(tickets[3], quizId: "abandoned",
                                                                      start: TestServer.start.addingTimeInterval(2_400),
                                                                      count: 4), mina.accessToken)
            #expect(try await Self.score(client, mina.accessToken) == 4)
        }
    }
}
