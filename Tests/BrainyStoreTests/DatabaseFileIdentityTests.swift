import BrainyKit
import Foundation
import GRDB
import Glibc
import Synchronization
import Testing
@testable import BrainyStore

/// Issue 25, item 7: the database file replaced under a running shell (another file moved over its path, an empty
/// one, the file removed) or given a second name (a hard link). Real files in a temporary folder; each `AppDatabase`
/// stands for one shell.
@Suite struct DatabaseFileIdentityTests {
    static let questionIds = (1...5).map { String(format: "country-%04d", $0) }

    /// A database with the pack, a guest signed in and a quiz with `answered` answers saved.
    private func playing(at path: String, answered: Int) throws -> (AppDatabase, Quiz) {
        let database = try AppDatabase.openFile(at: path)
        try database.importPack(Fixtures.pack("1", ids: Self.questionIds), now: Fixtures.start)
        let user = try database.guestUser(now: Fixtures.start)
        _ = try database.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        let quiz = Fixtures.quiz("quiz-1", userId: user.id, questionIds: Self.questionIds)
        try database.saveNewQuiz(quiz)
        for position in 0..<answered {
            try database.saveAnswer(Fixtures.answer(quiz, position: position, outcome: .correct, at: Fixtures.start),
                                    progress: quiz, timeZone: .gmt)
        }
        return (database, quiz)
    }

    private func count(_ sql: String, in path: String) throws -> Int {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config).read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    private func integrity(_ path: String) throws -> String? {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config).read { db in
            try String.fetchOne(db, sql: "PRAGMA integrity_check")
        }
    }

    private func moveOver(_ source: String, _ target: String) {
        #expect(rename(source, target) == 0, "rename: \(String(cString: strerror(errno)))")
    }

    @Test func anotherBrainyFileMovedOverThePathStopsTheWritesAndEverythingSavedIsCopiedBeside() throws {
        let folder = Fixtures.temporaryDirectory().path
        let path = folder + "/brainy.sqlite"
        let (shell, quiz) = try playing(at: path, answered: 3)
        let other = try AppDatabase.openFile(at: folder + "/other.sqlite")
        _ = try other.guestUser(now: Fixtures.start)
        other.close()
        moveOver(folder + "/other.sqlite", path)

        var copy: String?
        do {
            try shell.saveAnswer(Fixtures.answer(quiz, position: 3, outcome: .wrong, at: Fixtures.start),
                                 progress: quiz, timeZone: .gmt)
            Issue.record("the answer was taken")
        } catch let StoreError.databaseReplaced(replaced, copied) {
            #expect(replaced == path)
            copy = copied
        }
        let copied = try #require(copy)
        #expect(copied.hasPrefix(folder + "/brainy-rescued-") && copied.hasSuffix(".sqlite"))
        // Everything acknowledged is in the copy, and nothing refused.
        #expect(try count("SELECT count(*) FROM quizResult", in: copied) == 3)
        #expect(try integrity(copied) == "ok")
        // The file now at the path is whole, and holds none of this shell's answers.
        #expect(try integrity(path) == "ok")
        #expect(try count("SELECT count(*) FROM quizResult", in: path) == 0)
        // Nothing more is read or written, and each refusal names the copy.
        #expect(throws: StoreError.databaseReplaced(path: path, copy: copied)) { _ = try shell.stats(userId: quiz.userId, now: Fixtures.start, timeZone: .gmt) }
        #expect(throws: StoreError.databaseReplaced(path: path, copy: copied)) { _ = try shell.currentSession() }
        #expect(throws: StoreError.databaseReplaced(path: path, copy: copied)) { try shell.endSession() }
        shell.close()
        #expect(try count("SELECT count(*) FROM quizResult", in: path) == 0)
        #expect(try integrity(path) == "ok")
    }

    /// A shell that has only read since it started (GRDB's connection not yet open, the start's plain one on the
    /// file): its first write after the move opens nothing on the file moved in, and the copy is the old file's.
    @Test func aFileMovedOverThePathBeforeTheShellsFirstWriteIsFoundToo() throws {
        let folder = Fixtures.temporaryDirectory().path
        let path = folder + "/brainy.sqlite"
        let (setup, quiz) = try playing(at: path, answered: 2)
        setup.close()
        let shell = try AppDatabase.openFile(at: path)
        #expect(shell.plain != nil && !shell.isWriterOpen)
        let other = try AppDatabase.openFile(at: folder + "/other.sqlite")
        _ = try other.guestUser(now: Fixtures.start)
        other.close()
        moveOver(folder + "/other.sqlite", path)
        var copy: String?
        do {
            _ = try shell.startSession(userId: quiz.userId, now: Fixtures.start, timeout: 60)
        } catch let StoreError.databaseReplaced(_, copied) {
            copy = copied
        }
        #expect(try count("SELECT count(*) FROM quizResult", in: try #require(copy)) == 2)
        #expect(try count("SELECT count(*) FROM authSession", in: path) == 0, "nothing written to the file moved in")
        #expect(try integrity(path) == "ok")
        shell.close()
        #expect(try integrity(path) == "ok")
    }

    /// An empty file moved over the path: the answers were lost (they lived only in the replaced file) and the next
    /// start made a new database in the empty file without a word.
    @Test func anEmptyFileMovedOverThePathLosesNothingAndIsNotMadeANewDatabase() throws {
        let folder = Fixtures.temporaryDirectory().path
        let path = folder + "/brainy.sqlite"
        let (shell, quiz) = try playing(at: path, answered: 2)
        #expect(FileManager.default.createFile(atPath: folder + "/empty", contents: nil))
        moveOver(folder + "/empty", path)
        #expect(throws: StoreError.self) { try shell.finishQuiz(quiz, stagePassed: nil, earnedHint: false) }
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("-rescued-") }
        #expect(copies.count == 1)
        #expect(try count("SELECT count(*) FROM quizResult", in: folder + "/" + copies[0]) == 2)
        shell.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "the empty file is left as it was")

        #expect(throws: StoreError.databaseEmptied(path: path)) { _ = try AppDatabase.openFile(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "and left untouched by the next start")
        // Removed, the path makes a new database again.
        try FileManager.default.removeItem(atPath: path)
        let fresh = try AppDatabase.openFile(at: path)
        _ = try fresh.guestUser(now: Fixtures.start)
        fresh.close()
    }

    /// An empty file somebody made (`touch`) where no database was is a new database, as sqlite3 takes it.
    @Test func anEmptyFileWithNoDatabaseBeforeItIsANewDatabase() throws {
        let path = Fixtures.temporaryDirectory().path + "/new.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let database = try AppDatabase.openFile(at: path)
        #expect(try database.guestUser(now: Fixtures.start).id == "guest")
        database.close()
        #expect(try integrity(path) == "ok")
    }

    @Test func theFileRemovedUnderTheShellIsCopiedBesideItsPath() throws {
        let folder = Fixtures.temporaryDirectory().path
        let path = folder + "/brainy.sqlite"
        let (shell, quiz) = try playing(at: path, answered: 4)
        try FileManager.default.removeItem(atPath: path)
        var copy: String?
        do {
            try shell.abandonQuiz(quiz)
        } catch let StoreError.databaseReplaced(_, copied) {
            copy = copied
        }
        #expect(try count("SELECT count(*) FROM quizResult", in: try #require(copy)) == 4)
        shell.close()
    }

    /// Two names for one file: SQLite keeps a log and a lock file per name, so two shells through the two names
    /// overwrote each other's pages (185 of 385 acknowledged answers lost). Nothing is written through either name
    /// while the file has two; reads go on, and writes again once it has one name.
    @Test func aFileWithASecondNameIsNotWrittenUntilItHasOneAgain() throws {
        let folder = Fixtures.temporaryDirectory().path
        let path = folder + "/brainy.sqlite"
        let (first, quiz) = try playing(at: path, answered: 1)
        // Through the other name, pages still in this name's log are not seen: the file would look damaged.
        first.checkpoint()
        #expect(link(path, folder + "/linked.sqlite") == 0)
        let answer = Fixtures.answer(quiz, position: 1, outcome: .correct, at: Fixtures.start)
        #expect(throws: StoreError.databaseHasOtherNames(path: path, names: 2)) {
            try first.saveAnswer(answer, progress: quiz, timeZone: .gmt)
        }
        // A shell started through the other name reads, and writes nothing either.
        let second = try AppDatabase.openFile(at: folder + "/linked.sqlite")
        #expect(second.watch?.verdict() == .otherNames(2))
        #expect(try second.interruptedQuiz(userId: quiz.userId)?.answers.count == 1)
        #expect(throws: StoreError.databaseHasOtherNames(path: folder + "/linked.sqlite", names: 2)) {
            _ = try second.startSession(userId: quiz.userId, now: Fixtures.start, timeout: 60)
        }
        second.close()
        let stats = try first.stats(userId: quiz.userId, now: Fixtures.start, timeZone: .gmt)
        #expect(stats.perCategory.first { $0.category == .country }?.answered == 1, "reads go on")
        try FileManager.default.removeItem(atPath: folder + "/linked.sqlite")
        try first.saveAnswer(answer, progress: quiz, timeZone: .gmt)
        #expect(try first.interruptedQuiz(userId: quiz.userId)?.answers.count == 2)
        first.close()
        #expect(try integrity(path) == "ok")
    }

    /// Issue 25, item 10: shells starting together on a new file all start (the first makes and migrates it, the
    /// others wait for it); before, some failed with "SQLite code 1", "could not be read or written" or "not a
    /// Brainy database". Each `openFile` here takes its own lock, as a process does.
    @Test func shellsOpeningANewFileTogetherAllOpenIt() throws {
        for trial in 0..<5 {
            let path = Fixtures.temporaryDirectory().path + "/new-\(trial).sqlite"
            let failures = Mutex<[String]>([])
            let opened = Mutex<[AppDatabase]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do {
                    let database = try AppDatabase.openFile(at: path)
                    _ = try database.guestUser(now: Fixtures.start)
                    opened.withLock { $0.append(database) }
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
            }
            #expect(failures.withLock { $0 } == [])
            for database in opened.withLock({ $0 }) { database.close() }
            #expect(try integrity(path) == "ok")
            #expect(try count("SELECT count(*) FROM user", in: path) == 1)
            #expect(!FileManager.default.fileExists(atPath: path + "-setup.lock"), "the lock's file goes with it")
        }
    }
}
