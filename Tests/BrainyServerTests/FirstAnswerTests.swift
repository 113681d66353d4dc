import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyServer

/// The leaderboard counts each (player, question) once a UTC day, by its first ranked answer, which each backend keeps
/// as results are stored (`first_answer`), whatever order they arrive in.
@Suite struct FirstAnswerTests {
    let start = TestServer.start
    var tomorrow: Date { start.addingTimeInterval(86_400) }

    func account(_ id: String) -> ServerAccount {
        ServerAccount(id: id, email: "\(id)@example.com", displayName: id, passwordHash: "hash", createdAt: start)
    }

    func answer(_ id: String, _ question: Int, _ outcome: AnswerOutcome, after seconds: TimeInterval,
                ranked: Bool = true) -> CheckedResult {
        CheckedResult(result: UploadedResult(id: id, quizId: "quiz-\(id)", questionId: countryQuestion(question),
                                             category: .country, type: .multipleChoice, outcome: outcome,
                                             timeSpent: 3, answeredAt: start.addingTimeInterval(seconds),
                                             hintUsed: false, answer: nil),
                      ranked: ranked)
    }

    /// Stores each answer with its quiz of one question (`LeaderboardRules`: an answer ranks only in a quiz held).
    func store(_ answers: [CheckedResult], by userId: String, in store: some ResultStore) async throws {
        let quizzes = answers.map { checked in
            UploadedQuiz(id: checked.result.quizId, category: .country, type: .multipleChoice, format: .individual,
                         correctCount: 0, questionCount: 1,
                         startedAt: checked.result.answeredAt.addingTimeInterval(-checked.result.timeSpent),
                         finishedAt: checked.result.answeredAt)
        }
        let response = try await store.storeResults(answers, quizzes: quizzes, userId: userId, receivedAt: start)
        #expect(response?.accepted == answers.map(\.result.id))
    }

    @Test(arguments: StorageBackend.allCases)
    func anAnswerUploadedLaterButAnsweredEarlierIsTheOneThatCounts(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            // Given a wrong answer kept as the first…
            try await self.store([answer("r5", 0, .wrong, after: 50)], by: "a", in: store)
            // …when a right one answered before it (another device, offline meanwhile) arrives, then it counts;
            try await self.store([answer("r3", 0, .correct, after: 30)], by: "a", in: store)
            #expect(try await store.dailyScores(on: start)
                == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 1)])
            // A later one never; one at the same instant as a ranked one (a quiz overlapping a ranked quiz) does not
            // rank at all, whatever its id.
            try await self.store([answer("r4", 0, .wrong, after: 30), answer("r9", 0, .wrong, after: 40)], by: "a",
                                 in: store)
            #expect(try await store.dailyScores(on: start)
                == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 1)])
            try await self.store([answer("r1", 0, .skipped, after: 30)], by: "a", in: store)
            #expect(try await store.dailyScores(on: start)
                == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 1)])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aReplayedQuizAddsNothingToTheDayButCountsTheNextDay(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            let first = quizBatch("q1", correct: 1, count: 3, at: start)
            let replay = quizBatch("q2", correct: 3, count: 3, at: start.addingTimeInterval(3600))
            let nextDay = quizBatch("q3", correct: 3, count: 3, at: start.addingTimeInterval(86_400))
            for batch in [first, replay, replay, nextDay] {
                _ = try await store.storeResults(batch.results.map { CheckedResult(result: $0, ranked: true) },
                                                 quizzes: batch.quizzes, userId: "a", receivedAt: start)
            }
            #expect(try await store.dailyScores(on: start)
                == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 3)])
            #expect(try await store.dailyScores(on: tomorrow)
                == [DailyScore(userId: "a", displayName: "a", correct: 3, answered: 3)])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func unrankedResultsNeitherCountNorHideTheFirstRankedAnswer(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            #expect(try await store.createAccount(account("b")))
            try await self.store([answer("b1", 0, .correct, after: 10, ranked: false)], by: "b", in: store)
            try await self.store([answer("a1", 0, .wrong, after: 10, ranked: false),
                                  answer("a2", 0, .correct, after: 20)], by: "a", in: store)
            #expect(try await store.dailyScores(on: start)
                == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 1)])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theMigrationKeepsTheFirstAnswersOfResultsStoredBeforeIt(_ backend: StorageBackend) async throws {
        // Stored in this order before the table of first answers existed: ties, late arrivals, an unranked answer,
        // and a second day.
        let before = [
            ("a", answer("r2", 0, .wrong, after: 10)), ("a", answer("r1", 0, .correct, after: 10)),
            ("a", answer("r3", 1, .wrong, after: 5, ranked: false)), ("a", answer("r4", 1, .correct, after: 50)),
            ("a", answer("r5", 2, .correct, after: 100)), ("a", answer("r6", 2, .wrong, after: 20)),
            ("b", answer("r9", 0, .skipped, after: 0)),
            ("b", answer("r8", 0, .wrong, after: 86_401)), ("b", answer("r7", 0, .correct, after: 86_400)),
        ]
        try await withStoreMigratedLate(backend, accounts: [account("a"), account("b")], results: before) { store in
            #expect(try await store.dailyScores(on: start) == [
                DailyScore(userId: "a", displayName: "a", correct: 2, answered: 3),
                DailyScore(userId: "b", displayName: "b", correct: 0, answered: 0),
            ])
            #expect(try await store.dailyScores(on: tomorrow)
                == [DailyScore(userId: "b", displayName: "b", correct: 1, answered: 1)])
            // Answers stored after it still replace a kept one only when earlier.
            try await self.store([answer("r0", 2, .correct, after: 1), answer("r10", 1, .wrong, after: 60)],
                                 by: "a", in: store)
            #expect(try await store.dailyScores(on: start).first
                == DailyScore(userId: "a", displayName: "a", correct: 3, answered: 3))
        }
    }

    /// Runs `body` on a store of `backend` that held `accounts` and `results` (by the account of each) before the
    /// migration that made `first_answer`, then was migrated to the end.
    func withStoreMigratedLate(_ backend: StorageBackend, accounts: [ServerAccount],
                               results: [(String, CheckedResult)],
                               _ body: @Sendable (any ServerRepository) async throws -> Void) async throws {
        switch backend {
        case .sqlite:
            let queue = try DatabaseQueue(configuration: ServerDatabase.configuration())
            try ServerDatabase.migrator.migrate(queue, upTo: "v7-device-authorizations")
            try await queue.write { db in
                for account in accounts {
                    try db.execute(sql: """
                        INSERT INTO account (id, email, displayName, passwordHash, createdAt) VALUES (?, ?, ?, ?, ?)
                        """, arguments: [account.id, account.email, account.displayName, "hash", account.createdAt])
                }
                for (accountId, checked) in results {
                    let result = checked.result
                    try db.execute(sql: """
                        INSERT INTO result (id, accountId, quizId, questionId, category, type, outcome, timeSpent,
                                            answeredAt, hintUsed, receivedAt, ranked)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [result.id, accountId, result.quizId, result.questionId,
                                         result.category.rawValue, result.type.rawValue, result.outcome.rawValue,
                                         result.timeSpent, result.answeredAt, false, start, checked.ranked])
                }
            }
            try await body(try ServerDatabase(queue))
        case .postgres:
            let url = try await TestPostgres.shared.newDatabase()
            try await TestPostgres.withConnection(to: url) { connection in
                try await PostgresDatabase.migrate(connection, through: "v3-device-authorizations",
                                                   logger: TestPostgres.logger)
                for account in accounts {
                    try await connection.run("""
                        INSERT INTO account (id, email, display_name, password_hash, created_at)
                        VALUES (\(account.id), \(account.email), \(account.displayName), 'hash', \(account.createdAt))
                        """, logger: TestPostgres.logger)
                }
                for (accountId, checked) in results {
                    let result = checked.result
                    try await connection.run("""
                        INSERT INTO result (id, account_id, quiz_id, question_id, category, type, outcome, time_spent,
                                            answered_at, hint_used, received_at, ranked)
                        VALUES (\(result.id), \(accountId), \(result.quizId), \(result.questionId),
                                \(result.category.rawValue), \(result.type.rawValue), \(result.outcome.rawValue),
                                \(result.timeSpent), \(result.answeredAt), false, \(start), \(checked.ranked))
                        """, logger: TestPostgres.logger)
                }
            }
            try await PostgresDatabase.prepare(url, houseAds: [], at: start, logger: TestPostgres.logger)
            let database = PostgresDatabase(url, logger: TestPostgres.logger, deadline: TestPostgres.deadline)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await database.client.run() }
                defer { group.cancelAll() }
                try await body(database)
            }
        }
    }
}
