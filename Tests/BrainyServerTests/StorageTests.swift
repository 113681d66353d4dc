import BrainyAPI
import BrainyKit
import Foundation
import Logging
import Testing
@testable import BrainyServer

/// The storage protocols themselves, on each backend: what must hold however requests interleave, on one instance
/// or several.
@Suite struct StorageTests {
    let start = TestServer.start

    func account(_ id: String) -> ServerAccount {
        ServerAccount(id: id, email: "\(id)@example.com", displayName: id, passwordHash: "hash", createdAt: start)
    }

    func token(_ hash: String) -> NewRefreshToken {
        NewRefreshToken(hash: hash, createdAt: start, expiresAt: start.addingTimeInterval(3600))
    }

    @Test(arguments: StorageBackend.allCases)
    func anEmailIsTakenOnceEvenWhenTwoRegisterAtOnce(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            async let first = store.createAccount(account("a"))
            async let second = store.createAccount(
                ServerAccount(id: "b", email: "a@example.com", displayName: "b", passwordHash: "h", createdAt: start))
            let created = try await [first, second]
            #expect(created.filter { $0 }.count == 1)
            #expect(try await store.account(email: "a@example.com") != nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefreshTokenRotatesOnceThenItsReuseEndsTheLogin(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            try await store.startLogin(accountId: "a", login: "login-1", token: token("t1"))
            // The same token sent twice at once (two instances behind a balancer): one rotation, one replay.
            async let first = store.rotateRefreshToken(hash: "t1", replacement: token("t2"), now: start)
            async let second = store.rotateRefreshToken(hash: "t1", replacement: token("t3"), now: start)
            let outcomes = try await [first, second]
            #expect(outcomes.contains(.rotated(userId: "a", login: "login-1")))
            #expect(outcomes.contains(.reused))
            #expect(!(try await store.isSignedIn(login: "login-1", accountId: "a")))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredOrUnknownRefreshTokenDoesNotRotate(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            try await store.startLogin(accountId: "a", login: "login-1", token: token("t1"))
            let late = start.addingTimeInterval(3600)
            #expect(try await store.rotateRefreshToken(hash: "t1", replacement: token("t2"), now: late) == .expired)
            #expect(try await store.rotateRefreshToken(hash: "nope", replacement: token("t3"), now: start) == .unknown)
            try await store.endLogin(containing: "t1", now: start)
            #expect(try await store.rotateRefreshToken(hash: "t1", replacement: token("t4"), now: start) == .unknown)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func concurrentGuessesAreEachCountedAndLockTheAddressOnce(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            let attempts = try await withThrowingTaskGroup(of: LoginAttempt.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        try await store.beginLoginAttempt(subject: "a", client: "203.0.113.9", maxAttempts: 5,
                                                          lockout: 60, now: start)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let remaining = attempts.compactMap { attempt -> Int? in
                if case .counted(let remaining, _) = attempt { return remaining }
                return nil
            }
            #expect(remaining.sorted() == [0, 1, 2, 3, 4])
            let locked = try await store.beginLoginAttempt(subject: "a", client: "203.0.113.9", maxAttempts: 5,
                                                           lockout: 60, now: start.addingTimeInterval(1))
            #expect(locked == .locked(until: start.addingTimeInterval(60)))
            // Another address is not held back.
            let other = try await store.beginLoginAttempt(subject: "a", client: "198.51.100.7", maxAttempts: 5,
                                                          lockout: 60, now: start.addingTimeInterval(1))
            #expect(other == .counted(remaining: 4, locksUntil: nil))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aBatchUploadedTwiceAtOnceIsStoredOnce(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            let batch = quizBatch("q1", correct: 2, count: 3, at: start)
            let checked = batch.results.map { CheckedResult(result: $0, ranked: true) }
            async let first = store.storeResults(checked, quizzes: batch.quizzes, userId: "a", receivedAt: start)
            async let second = store.storeResults(checked, quizzes: batch.quizzes, userId: "a", receivedAt: start)
            for response in try await [first, second] {
                #expect(response?.accepted.count == 3)
                #expect(response?.acceptedQuizzes == ["q1"])
                #expect(response?.refusals == [])
            }
            let summary = try await store.resultSummary(accountId: "a")
            #expect(summary.results == 3 && summary.correct == 2 && summary.quizzes == 1)
            #expect(summary.lastAnsweredAt == start.addingTimeInterval(20))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherAccountsIdsAreRefusedAndTheLeaderboardCountsFirstAnswers(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            #expect(try await store.createAccount(account("b")))
            let batch = quizBatch("q1", correct: 1, count: 2, at: start)
            let checked = batch.results.map { CheckedResult(result: $0, ranked: true, rated: true) }
            _ = try await store.storeResults(checked, quizzes: batch.quizzes, userId: "a", receivedAt: start)
            let stolen = try #require(try await store.storeResults(checked, quizzes: batch.quizzes, userId: "b",
                                                                   receivedAt: start))
            #expect(stolen.accepted == [])
            #expect(Set(stolen.refusals.map(\.reason)) == [.idTaken])
            // The same questions answered again, later, by a replayed quiz count nothing more.
            let replay = quizBatch("q2", correct: 2, count: 2, at: start.addingTimeInterval(600))
            _ = try await store.storeResults(replay.results.map { CheckedResult(result: $0, ranked: true, rated: true) },
                                             quizzes: replay.quizzes, userId: "a", receivedAt: start)
            let scores = try await store.dailyScores(on: start)
            #expect(scores == [DailyScore(userId: "a", displayName: "a", correct: 1, answered: 2)])
            #expect(try await store.dailyScores(on: start.addingTimeInterval(86_400)) == [])
            // The ratings count each account's first answer to a question once: the replay is no second vote.
            #expect(try await store.questionTallies().sorted { $0.questionId < $1.questionId } == [
                QuestionTally(questionId: countryQuestion(0), correct: 1, answered: 1),
                QuestionTally(questionId: countryQuestion(1), correct: 0, answered: 1),
            ])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func scoresAndTalliesComeInTheByteOrderOfTheirIds(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            // Upper case sorts before lower case in bytes, not in most collations.
            for (id, quiz) in [("b", "q1"), ("B", "q2"), ("a", "q3")] {
                #expect(try await store.createAccount(account(id)))
                let batch = quizBatch(quiz, correct: 1, count: 2, at: start)
                _ = try await store.storeResults(batch.results.map { CheckedResult(result: $0, ranked: true, rated: true) },
                                                 quizzes: batch.quizzes, userId: id, receivedAt: start)
            }
            let scores = try await store.dailyScores(on: start)
            #expect(scores.map(\.userId) == ["B", "a", "b"])
            #expect(try await store.questionTallies().map(\.questionId) == [countryQuestion(0), countryQuestion(1)])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aFirstSocialSignInLinksOnceEvenWhenItRaces(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let identity = SocialIdentity(provider: .google, subject: "g-1", email: "mina@example.com",
                                          linkedAt: start)
            func newAccount(_ id: String) -> ServerAccount {
                ServerAccount(id: id, email: "mina@example.com", displayName: "Mina", passwordHash: "",
                              provider: .google, createdAt: start)
            }
            async let first = store.signIn(identity, orCreate: newAccount("x"))
            async let second = store.signIn(identity, orCreate: newAccount("y"))
            let accounts = try await [first, second]
            #expect(accounts[0] != nil && accounts[0]?.id == accounts[1]?.id)
            let again = try await store.signIn(identity, orCreate: nil)
            #expect(again?.id == accounts[0]?.id)
            #expect(try await store.signIn(SocialIdentity(provider: .apple, subject: "a-1", email: nil,
                                                          linkedAt: start), orCreate: nil) == nil)
        }
    }
}

/// Runs `body` on an empty store of `backend`: an in-memory SQLite database, or a PostgreSQL database of its own
/// whose connection pool runs meanwhile.
func withStore<T: Sendable>(_ backend: StorageBackend,
                            _ body: @Sendable (any ServerRepository & AdStore & DeviceAuthorizationStore
                                                  & DevIdPKeyStore) async throws
                                -> T) async throws -> T {
    switch backend {
    case .sqlite:
        return try await body(try ServerDatabase.inMemory())
    case .postgres:
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        let database = PostgresDatabase(url, logger: TestPostgres.logger, deadline: TestPostgres.deadline)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                await database.client.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(database)
        }
    }
}
