import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// Two shells on one file that both saw the last hint credit: the balance is read in the transaction that spends it,
/// so only one of them spends it. Two `AppDatabase`s on one file stand for two processes.
@Suite struct LastHintSpendTests {
    static let questionIds = (1...5).map { String(format: "country-%04d", $0) }

    @Test func theLastCreditIsSpentOnceByTwoShells() throws {
        let path = Fixtures.temporaryDirectory().path + "/brainy.sqlite"
        let first = try AppDatabase.openFile(at: path)
        try first.importPack(Fixtures.pack("1", ids: Self.questionIds), now: Fixtures.start)
        let user = try first.guestUser(now: Fixtures.start)
        let session = try first.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        var earning = Fixtures.quiz("quiz-0", userId: user.id, questionIds: Self.questionIds)
        try first.saveNewQuiz(earning)
        earning.status = .finished
        earning.finishedAt = Fixtures.start
        try first.finishQuiz(earning, stagePassed: nil, earnedHint: true)
        let quiz = Fixtures.quiz("quiz-1", userId: user.id, questionIds: Self.questionIds)
        try first.saveNewQuiz(quiz)
        // Down to the last credit, whatever the guest started with.
        while try first.hintCredits(userId: user.id) > 1 {
            #expect(try first.recordHint(userId: user.id, quizId: quiz.id, position: 4, removed: []))
        }
        let second = try AppDatabase.openFile(at: path)
        second.adoptSession(session)
        #expect(try first.hintCredits(userId: user.id) == 1)
        #expect(try second.hintCredits(userId: user.id) == 1)

        #expect(try first.recordHint(userId: user.id, quizId: quiz.id, position: 0, removed: [1, 2]))
        let before = try second.creditSum(userId: user.id)
        #expect(try second.recordHint(userId: user.id, quizId: quiz.id, position: 1, removed: [0, 3]) == false)

        #expect(try second.creditSum(userId: user.id) == before)
        #expect(before == 0)
        #expect(try second.hintCredits(userId: user.id) == 0)
        first.close()
        second.close()
    }
}
