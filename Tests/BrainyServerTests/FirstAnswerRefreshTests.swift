import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyServer

/// When a quiz's answers are ranked or unranked, each backend refreshes only the first answers of their days and
/// questions: the table stays exactly the first ranked answer of each (UTC day, account, question), as worked out
/// from every result, after answers arrive before their quiz, an earlier quiz arrives late, and a client that lies
/// sends an impossible answer into a ranked quiz (which unranks it, so that the next answer of those days takes its
/// place, and only the account's own, and only of that day).
@Suite struct FirstAnswerRefreshTests {
    let start = TestServer.start
    var tomorrow: Date { start.addingTimeInterval(86_400) }

    func quiz(_ id: String, questions: Int = 3, from: Double, to: Double) -> UploadedQuiz {
        UploadedQuiz(id: id, category: .country, type: .multipleChoice, format: .individual, correctCount: 0,
                     questionCount: questions, startedAt: start.addingTimeInterval(from),
                     finishedAt: start.addingTimeInterval(to))
    }

    func answer(_ id: String, of quizId: String, question: Int, at seconds: Double) -> CheckedResult {
        CheckedResult(result: UploadedResult(id: id, quizId: quizId, questionId: countryQuestion(question),
                                             category: .country, type: .multipleChoice,
                                             outcome: question % 2 == 0 ? .correct : .wrong, timeSpent: 3,
                                             answeredAt: start.addingTimeInterval(seconds), hintUsed: false,
                                             answer: nil),
                      ranked: true)
    }

    /// The kept first answers, as "account question day result".
    func kept(_ store: any ServerRepository) async throws -> [String] {
        switch store {
        case let sqlite as ServerDatabase:
            return try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT accountId, questionId, day, resultId FROM first_answer").map {
                    "\($0["accountId"] as String) \($0["questionId"] as String) \($0["day"] as Int) \($0["resultId"] as String)"
                }
            }.sorted()
        case let postgres as PostgresDatabase:
            return try await postgres.rows("SELECT account_id, question_id, day, result_id FROM first_answer").map {
                "\(try $0.value("account_id", as: String.self)) \(try $0.value("question_id", as: String.self)) "
                    + "\(try $0.value("day", as: Int.self)) \(try $0.value("result_id", as: String.self))"
            }.sorted()
        default:
            Issue.record("no such backend")
            return []
        }
    }

    /// The first ranked answer of each (account, question, day), worked out from every result held.
    func workedOut(_ store: any ServerRepository) async throws -> [String] {
        var rows: [(account: String, question: String, at: Date, id: String)] = []
        switch store {
        case let sqlite as ServerDatabase:
            rows = try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT accountId, questionId, answeredAt, id FROM result WHERE ranked")
                    .map { ($0["accountId"], $0["questionId"], $0["answeredAt"], $0["id"]) }
            }
        case let postgres as PostgresDatabase:
            rows = try await postgres.rows("SELECT account_id, question_id, answered_at, id FROM result WHERE ranked")
                .map { (try $0.value("account_id"), try $0.value("question_id"), try $0.value("answered_at"),
                        try $0.value("id")) }
        default:
            Issue.record("no such backend")
        }
        var first: [String: (at: Date, id: String)] = [:]
        for row in rows {
            let key = "\(row.account) \(row.question) \(UTCDay.number(of: row.at))"
            if let held = first[key], (held.at, held.id) <= (row.at, row.id) { continue }
            first[key] = (row.at, row.id)
        }
        return first.map { "\($0.key) \($0.value.id)" }.sorted()
    }

    @Test(arguments: StorageBackend.allCases)
    func theKeptFirstAnswersAreAlwaysTheFirstRankedOnes(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in try await self.playAndLie(store) }
    }

    func playAndLie(_ store: any ServerRepository) async throws {
        for id in ["a", "b"] {
            #expect(try await store.createAccount(ServerAccount(id: id, email: "\(id)@example.com", displayName: id,
                                                                passwordHash: "hash", createdAt: start)))
        }
        func upload(_ answers: [CheckedResult], quizzes: [UploadedQuiz] = [], by account: String = "a")
            async throws -> Set<String> {
            _ = try await store.storeResults(answers, quizzes: quizzes, userId: account, receivedAt: start)
            let held = try await kept(store)
            let expected = try await workedOut(store)
            #expect(held == expected)
            return Set(held.map { String($0.split(separator: " ").last!) })
        }
        // Answers before their quiz: kept unranked, first once it arrives.
        let q1 = [answer("q1-0", of: "q1", question: 0, at: 100), answer("q1-1", of: "q1", question: 1, at: 200)]
        #expect(try await upload(q1).isEmpty)
        #expect(try await upload([], quizzes: [quiz("q1", from: 90, to: 300)]) == ["q1-0", "q1-1"])
        // A later quiz on the same questions: ranked, not first. Bo's own: first for Bo.
        let q2 = [answer("q2-0", of: "q2", question: 0, at: 1_000), answer("q2-1", of: "q2", question: 1, at: 1_100)]
        #expect(try await upload(q2, quizzes: [quiz("q2", from: 990, to: 1_200)]) == ["q1-0", "q1-1"])
        let bo = [answer("b-1", of: "bq", question: 1, at: 150)]
        #expect(try await upload(bo, quizzes: [quiz("bq", from: 140, to: 160)], by: "b") == ["q1-0", "q1-1", "b-1"])
        // An earlier quiz arriving late takes question 0.
        let q3 = [answer("q3-0", of: "q3", question: 0, at: 50)]
        #expect(try await upload(q3, quizzes: [quiz("q3", from: 40, to: 60)]) == ["q3-0", "q1-1", "b-1"])
        // Tomorrow: question 1 answered twice.
        let q4 = [answer("q4-1", of: "q4", question: 1, at: 86_410)]
        let q5 = [answer("q5-1", of: "q5", question: 1, at: 91_000)]
        #expect(try await upload(q4 + q5, quizzes: [quiz("q4", from: 86_400, to: 86_420),
                                                    quiz("q5", from: 90_990, to: 91_010)])
                == ["q3-0", "q1-1", "b-1", "q4-1"])
        // The lie: a third answer at the very instant of q1's second (no one answers twice at once) unranks q1
        // whole. Question 1's first today is now q2's, not Bo's, and not tomorrow's; question 0 stays q3's.
        let lie = [answer("q1-2", of: "q1", question: 2, at: 200)]
        #expect(try await upload(lie) == ["q3-0", "q2-1", "b-1", "q4-1"])
        // The same lie tomorrow: q5's answer takes q4's place, today's stay.
        #expect(try await upload([answer("q4-2", of: "q4", question: 2, at: 86_410)])
                == ["q3-0", "q2-1", "b-1", "q5-1"])
        #expect(try await store.dailyScores(on: start).map(\.answered) == [2, 1])
    }
}
