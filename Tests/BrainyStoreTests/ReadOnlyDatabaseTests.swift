import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// Issue 13, item 10: a database this user may not write still shows its records; every write says it cannot.
@Suite struct ReadOnlyDatabaseTests {
    @Test func aReadOnlyDatabaseIsReadAndRefusesWritesInItsOwnWords() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        let userId: String
        do {
            let database = try AppDatabase.openFile(at: path)
            try database.importPack(Fixtures.pack("1", ids: ["country-0001"]), now: Fixtures.start)
            userId = try database.guestUser(now: Fixtures.start).id
            let quiz = Fixtures.quiz("done", userId: userId, questionIds: ["country-0001"])
            try database.saveNewQuiz(quiz)
            try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start),
                                    progress: quiz, timeZone: .gmt)
            try database.finishQuiz(quiz, stagePassed: nil, earnedHint: false)
        }
        let readOnly = try AppDatabase.openFile(at: path, readOnly: true)
        #expect(readOnly.isReadOnly)
        #expect(try readOnly.history(userId: userId, filter: HistoryFilter()).quizzes.map(\.id) == ["done"])
        #expect(throws: StoreError.readOnly(path: path)) { try readOnly.endSession() }
    }

    @Test func sqliteFailuresBecomeTheStoresOwnWords() {
        #expect(StoreError.from(DatabaseError(resultCode: .SQLITE_CANTOPEN), path: "/x") == .cannotOpen(path: "/x"))
        #expect(StoreError.from(DatabaseError(resultCode: .SQLITE_READONLY), path: "/x") == .readOnly(path: "/x"))
        #expect(StoreError.from(DatabaseError(resultCode: .SQLITE_BUSY), path: "/x") == .busy)
        #expect(StoreError.from(DatabaseError(resultCode: .SQLITE_FULL), path: "/x") == .diskFull)
        let other = StoreError.from(DatabaseError(resultCode: .SQLITE_MISMATCH, message: "datatype mismatch"), path: nil)
        #expect(other == .database("SQLite code 20"))
    }
}
