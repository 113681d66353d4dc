import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// Issue 25, item 8: a shell whose sign-in another process ended (`brainy -c logout`, or a sign-in as someone else)
/// kept saving answers and running `stats`. Every write (and every read but a sign-in's) checks in its own
/// transaction that the shell's sign-in is still open. Two `AppDatabase`s on one file stand for two processes.
@Suite struct SignedInWriteTests {
    static let questionIds = (1...5).map { String(format: "country-%04d", $0) }

    private func shellPlaying(at path: String) throws -> (AppDatabase, Quiz) {
        let database = try AppDatabase.openFile(at: path)
        try database.importPack(Fixtures.pack("1", ids: Self.questionIds), now: Fixtures.start)
        let user = try database.guestUser(now: Fixtures.start)
        _ = try database.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        let quiz = Fixtures.quiz("quiz-1", userId: user.id, questionIds: Self.questionIds)
        try database.saveNewQuiz(quiz)
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start),
                                progress: quiz, timeZone: .gmt)
        return (database, quiz)
    }

    /// `brainy -c logout` in another process: it signs the device's session back in and ends it.
    private func logoutElsewhere(_ path: String) throws {
        let other = try AppDatabase.openFile(at: path)
        let session = try #require(try other.currentSession())
        other.adoptSession(session)
        try other.endSession()
        other.close()
    }

    private func answers(in path: String) throws -> Int {
        try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quizResult") ?? 0 }
    }

    @Test func anAnswerAfterALogoutElsewhereIsRefusedAndNothingAcknowledgedIsLost() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (shell, quiz) = try shellPlaying(at: path)
        try logoutElsewhere(path)
        let answer = Fixtures.answer(quiz, position: 1, outcome: .correct, at: Fixtures.start)
        #expect(throws: StoreError.signedOutElsewhere) { try shell.saveAnswer(answer, progress: quiz, timeZone: .gmt) }
        #expect(try answers(in: path) == 1, "the acknowledged answer is kept, the refused one not stored")
        // The quiz stays in progress for whoever signs in again.
        let other = try AppDatabase.openFile(at: path)
        #expect(try other.interruptedQuiz(userId: quiz.userId)?.answers.count == 1)
        other.close()
        // Signed in again, the shell writes.
        _ = try shell.startSession(userId: quiz.userId, now: Fixtures.start, timeout: 3600)
        try shell.saveAnswer(answer, progress: quiz, timeZone: .gmt)
        #expect(try answers(in: path) == 2)
        shell.close()
    }

    @Test func readsAfterALogoutElsewhereAreRefusedButASignInsAreNot() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (shell, quiz) = try shellPlaying(at: path)
        try logoutElsewhere(path)
        #expect(throws: StoreError.signedOutElsewhere) {
            _ = try shell.stats(userId: quiz.userId, now: Fixtures.start, timeZone: .gmt)
        }
        // A sign-in's own reads and writes go on; everything else stays refused until the shell lets go of its
        // sign-in (a refusal some caller let pass unseen does not open the way for the next write).
        #expect(try shell.guestUser(now: Fixtures.start).id == quiz.userId)
        _ = try shell.user(email: "nobody@example.com")
        #expect(throws: StoreError.signedOutElsewhere) { try shell.saveSettings(Settings(), userId: quiz.userId) }
        try shell.endSession()
        _ = try shell.stats(userId: quiz.userId, now: Fixtures.start, timeZone: .gmt)
        shell.close()
    }

    @Test func aSignInAsSomeoneElseElsewhereStopsThisShellsWrites() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (shell, quiz) = try shellPlaying(at: path)
        let other = try AppDatabase.openFile(at: path)
        let someone = try other.createEmailUser(email: "b@example.com", passwordHash: "h", now: Fixtures.start)
        _ = try other.startSession(userId: someone.id, now: Fixtures.start, timeout: 3600)
        #expect(throws: StoreError.signedOutElsewhere) {
            try shell.recordHint(userId: quiz.userId, quizId: quiz.id, position: 1, removed: [2])
        }
        try other.saveSettings(Settings(), userId: someone.id)
        other.close()
        shell.close()
    }

    /// A `logout` typed in a shell that has not yet noticed another player signed in elsewhere ends its own
    /// player's sign-in only: the other player stays signed in.
    @Test func aLogoutEndsOnlyThisShellsPlayersSignIn() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (shell, _) = try shellPlaying(at: path)
        let other = try AppDatabase.openFile(at: path)
        let someone = try other.createEmailUser(email: "b@example.com", passwordHash: "h", now: Fixtures.start)
        let theirs = try other.startSession(userId: someone.id, now: Fixtures.start, timeout: 3600)
        try shell.endSession()
        #expect(try other.currentSession()?.id == theirs.id)
        try other.saveSettings(Settings(), userId: someone.id)
        other.close()
        shell.close()
    }

    /// Two shells of one player (resuming one quiz, or each playing their own) are a supported case: the second
    /// signing in does not sign the first out.
    @Test func theSamePlayerSigningInElsewhereDoesNotStopThisShell() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (shell, quiz) = try shellPlaying(at: path)
        let other = try AppDatabase.openFile(at: path)
        _ = try other.startSession(userId: quiz.userId, now: Fixtures.start, timeout: 3600)
        try shell.saveAnswer(Fixtures.answer(quiz, position: 1, outcome: .wrong, at: Fixtures.start),
                             progress: quiz, timeZone: .gmt)
        #expect(try answers(in: path) == 2)
        other.close()
        shell.close()
    }

    @Test func aSignInRestoredAtStartIsCheckedToo() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let (first, quiz) = try shellPlaying(at: path)
        first.close()
        // A second start restores the session, as the shell does.
        let restored = try AppDatabase.openFile(at: path)
        restored.adoptSession(try #require(try restored.currentSession()))
        try logoutElsewhere(path)
        #expect(throws: StoreError.signedOutElsewhere) {
            try restored.saveSettings(Settings(), userId: quiz.userId)
        }
        restored.close()
    }
}
