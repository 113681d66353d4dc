import BrainyKit
import Foundation
import GRDB
import Synchronization
import Testing
@testable import BrainyStore

/// Who may write a quiz in progress: the one shell that claimed it. Two `AppDatabase`s on one file stand for two
/// shells (each opens its own lock file, as two processes do).
@Suite struct QuizClaimTests {
    static let questionIds = (1...5).map { String(format: "country-%04d", $0) }

    private func sharedFile() throws -> (path: String, first: AppDatabase, userId: String) {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("shared.sqlite").path
        let first = try AppDatabase.openFile(at: path)
        try first.importPack(Fixtures.pack("1", ids: Self.questionIds), now: Fixtures.start)
        return (path, first, try first.guestUser(now: Fixtures.start).id)
    }

    /// Issue 13, item 1: two shells that start together both resumed one interrupted quiz, and the answers of one
    /// were shown as right or wrong and then dropped. Now one of them takes the quiz and every answer either of
    /// them was told is saved is in the file, as given.
    @Test func twoShellsResumingOneQuizTogetherLoseNoAcknowledgedAnswer() throws {
        let (path, setup, userId) = try sharedFile()
        for trial in 0..<20 {
            // A quiz left in progress by a shell that has gone.
            let quiz = Fixtures.quiz("trial-\(trial)", userId: userId, questionIds: Self.questionIds)
            try setup.saveNewQuiz(quiz)
            setup.releaseQuiz(id: quiz.id)
            let shells = [try AppDatabase.openFile(at: path), try AppDatabase.openFile(at: path)]
            let acknowledged = Mutex<[Int: String]>([:])
            let claims = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 2) { shell in
                let database = shells[shell]
                guard let found = try? database.interruptedQuiz(userId: userId), found.quiz.id == quiz.id else { return }
                if (try? database.claimQuiz(id: quiz.id)) == true { claims.withLock { $0 += 1 } }
                // Each shell answers every question (the one without the claim too, as the shell of old did).
                for position in 0..<quiz.questionCount {
                    var answer = Fixtures.answer(quiz, position: position, outcome: .correct, at: Fixtures.start)
                    answer.id = "\(quiz.id)-\(shell)-\(position)"
                    answer.givenAnswer = "shell\(shell)"
                    do {
                        try database.saveAnswer(answer, progress: quiz, timeZone: .gmt)
                        acknowledged.withLock { $0[position * 10 + shell] = answer.givenAnswer }
                    } catch {
                        // Refused out loud: the shell says so and shows no feedback.
                    }
                }
            }
            #expect(claims.withLock { $0 } == 1, "exactly one shell takes the quiz")
            let stored = try #require(try setup.quiz(idOrPrefix: quiz.id, userId: userId)).1
            let storedByPosition = Dictionary(uniqueKeysWithValues: stored.map { ($0.position, $0.givenAnswer) })
            for (key, given) in acknowledged.withLock({ $0 }) {
                #expect(storedByPosition[key / 10] == given, "an answer acknowledged to shell \(key % 10) was lost")
            }
            #expect(stored.count == quiz.questionCount)
        }
    }

    @Test func aShellThatDoesNotHoldTheQuizCannotWriteToIt() throws {
        let (path, first, userId) = try sharedFile()
        let second = try AppDatabase.openFile(at: path)
        let quiz = Fixtures.quiz("held", userId: userId, questionIds: Self.questionIds)
        try first.saveNewQuiz(quiz)
        #expect(try !second.claimQuiz(id: quiz.id))
        let answer = Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start)
        #expect(throws: StoreError.quizHeldElsewhere(quizId: quiz.id)) {
            try second.saveAnswer(answer, progress: quiz, timeZone: .gmt)
        }
        #expect(throws: StoreError.quizHeldElsewhere(quizId: quiz.id)) { try second.abandonQuiz(quiz) }
        first.releaseQuiz(id: quiz.id)
        #expect(try second.claimQuiz(id: quiz.id))
        try second.saveAnswer(answer, progress: quiz, timeZone: .gmt)
        #expect(try first.interruptedQuiz(userId: userId)?.answers.count == 1)
    }

    @Test func aDifferentAnswerToAnAnsweredQuestionIsRefusedNotDropped() throws {
        let database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: Self.questionIds), now: Fixtures.start)
        let userId = try database.guestUser(now: Fixtures.start).id
        let quiz = Fixtures.quiz("q1", userId: userId, questionIds: Self.questionIds)
        try database.saveNewQuiz(quiz)
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start),
                                progress: quiz, timeZone: .gmt)
        var other = Fixtures.answer(quiz, position: 0, outcome: .wrong, at: Fixtures.start)
        other.id = "another"
        other.givenAnswer = "3"
        #expect(throws: StoreError.answerConflict(quizId: "q1", position: 0)) {
            try database.saveAnswer(other, progress: quiz, timeZone: .gmt)
        }
    }

    /// Issue 13, item 9: two shells with the same --seed drew the same quiz id, and the second one died on SQLite's
    /// "UNIQUE constraint failed". Now the id is found taken (claimed or stored), which the shell retries.
    @Test func aQuizIdAnotherShellHasIsFoundTaken() throws {
        let (path, first, userId) = try sharedFile()
        let second = try AppDatabase.openFile(at: path)
        let quiz = Fixtures.quiz("same-seed", userId: userId, questionIds: Self.questionIds)
        try first.saveNewQuiz(quiz)
        #expect(throws: StoreError.quizIdTaken("same-seed")) { try second.saveNewQuiz(quiz) }
        // Stored and let go of: still taken, at the insert this time.
        first.releaseQuiz(id: quiz.id)
        #expect(throws: StoreError.quizIdTaken("same-seed")) { try second.saveNewQuiz(quiz) }
        #expect(try second.claimQuiz(id: quiz.id), "a failed save lets go of the claim it took")
    }

    @Test func aClaimLeavesNoLockFileBehindOnceLetGo() throws {
        let (path, first, userId) = try sharedFile()
        let quiz = Fixtures.quiz("tidy", userId: userId, questionIds: Self.questionIds)
        try first.saveNewQuiz(quiz)
        let lockFile = path + "-claims/tidy.lock"
        #expect(FileManager.default.fileExists(atPath: lockFile))
        try first.abandonQuiz(quiz)
        #expect(!FileManager.default.fileExists(atPath: lockFile))
    }

    /// The shell closes the database just before it exits, without tearing its objects down: the quizzes it held are
    /// let go of there, files and all, and another shell takes them at once.
    @Test func closingLetsGoOfEveryQuizHeldAndTheConnection() throws {
        let (path, first, userId) = try sharedFile()
        let quizzes = ["closed-1", "closed-2"].map { Fixtures.quiz($0, userId: userId, questionIds: Self.questionIds) }
        for quiz in quizzes { try first.saveNewQuiz(quiz) }
        let second = try AppDatabase.openFile(at: path)
        #expect(try !second.claimQuiz(id: "closed-1"))
        first.close()
        for quiz in quizzes {
            #expect(!FileManager.default.fileExists(atPath: path + "-claims/\(quiz.id).lock"))
            #expect(try second.claimQuiz(id: quiz.id))
        }
        #expect(throws: StoreError.self) { try first.guestUser(now: Fixtures.start) }
    }
}
