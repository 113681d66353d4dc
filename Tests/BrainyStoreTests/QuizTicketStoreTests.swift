import BrainyKit
import Foundation
import Testing
@testable import BrainyStore

/// The quiz tickets a device keeps: unused ones oldest first, expired unused ones forgotten, and a used one kept for
/// its quiz's upload, which carries its token.
@Suite struct QuizTicketStoreTests {
    let database: AppDatabase
    let userId: String

    init() throws {
        database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: (1...12).map { String(format: "country-%04d", $0) }), now: Fixtures.start)
        userId = try database.guestUser(now: Fixtures.start).id
    }

    func ticket(_ id: String, issuedAt: Date, days: Double = 7) -> HeldQuizTicket {
        HeldQuizTicket(id: id, seed: UInt64.max - 1, category: .country, type: .multipleChoice,
                       questionIds: ["country-0003", "country-0001"], issuedAt: issuedAt,
                       expiresAt: issuedAt.addingTimeInterval(days * 86_400), token: "token-\(id)")
    }

    @Test func unusedTicketsComeOldestFirstAndExpiredOnesAreForgotten() throws {
        try database.saveQuizTickets([ticket("b", issuedAt: Fixtures.start.addingTimeInterval(60)),
                                      ticket("a", issuedAt: Fixtures.start),
                                      ticket("short", issuedAt: Fixtures.start, days: 1)], userId: userId)
        // Saved again (a sync cut off and repeated): kept once.
        try database.saveQuizTickets([ticket("a", issuedAt: Fixtures.start)], userId: userId)
        let now = Fixtures.start.addingTimeInterval(2 * 86_400)
        let held = try database.unusedQuizTickets(userId: userId, now: now)
        #expect(held.map(\.id) == ["a", "b"])
        #expect(held.first == ticket("a", issuedAt: Fixtures.start), "the seed's 64 bits and the order of its ids kept")
        #expect(try database.unusedQuizTickets(userId: "someone else", now: now).isEmpty)
    }

    @Test func aUsedTicketTravelsWithItsQuizAndIsNoLongerOffered() throws {
        try database.saveQuizTickets([ticket("a", issuedAt: Fixtures.start)], userId: userId)
        var quiz = Fixtures.quiz("q1", userId: userId, questionIds: ["country-0003", "country-0001"])
        try database.saveNewQuiz(quiz)
        try database.useQuizTicket(id: "a", quizId: "q1")
        #expect(try database.unusedQuizTickets(userId: userId, now: Fixtures.start).isEmpty)
        quiz.answeredCount = 2
        try database.finishQuiz(quiz, stagePassed: nil, earnedHint: false)
        // Past its expiry a used ticket stays: its quiz still uploads it.
        _ = try database.unusedQuizTickets(userId: userId, now: Fixtures.start.addingTimeInterval(30 * 86_400))
        let batch = try database.pendingBatch(userId: userId, limit: 100, after: SyncCursor())
        #expect(batch.quizzes.map(\.ticket) == ["token-a"])
    }
}
