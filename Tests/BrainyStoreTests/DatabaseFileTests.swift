import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

@Suite struct DatabaseFileTests {
    @Test func aNewDatabaseFileIsInWALModeAndReadableByItsOwnerOnly() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("data/brainy.sqlite").path
        let database = try AppDatabase.openFile(at: path)
        _ = try database.guestUser(now: Fixtures.start)
        let mode = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// The start-up's own check of the migrations answers as GRDB's does, from an empty file through each migration
    /// applied in turn, and with the applied list edited by hand.
    @Test func theStartUpsMigrationCheckAgreesWithGRDBs() throws {
        let queue = try DatabaseQueue()
        let migrator = AppDatabase.migrator
        func agree(_ expected: Bool) throws {
            let (ours, grdbs) = try queue.read { db in (try migrator.isUpToDate(db), try migrator.hasCompletedMigrations(db)) }
            #expect(ours == grdbs)
            #expect(ours == expected)
        }
        try agree(false)
        for identifier in migrator.migrations {
            try migrator.migrate(queue, upTo: identifier)
            try agree(identifier == migrator.migrations.last)
        }
        try queue.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [migrator.migrations.last]) }
        try agree(false)
        try queue.write { db in try db.execute(sql: "DROP TABLE grdb_migrations") }
        try agree(false)
    }

    @Test func reopeningADatabaseKeepsItsData() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        do {
            let database = try AppDatabase.openFile(at: path)
            _ = try database.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
        }
        let reopened = try AppDatabase.openFile(at: path)
        #expect(try reopened.user(email: "a@b.co") != nil)
    }

    @Test(arguments: [
        Data("hello, this is not a database at all".utf8),
        Data(repeating: 0xAB, count: 4096),
    ])
    func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched(content: Data) throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("notes.txt").path
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notABrainyDatabase(path: path)) { try AppDatabase.openFile(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("other.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notABrainyDatabase(path: path)) { try AppDatabase.openFile(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFileLeftByAShellKilledBeforeItsFirstMigrationOpensAsANewDatabase() throws {
        // What `scripts/torture kill` found: the file was switched to WAL (its first page written), then the shell was
        // killed before the migration committed: an SQLite database with no table and no application id.
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        }
        let database = try AppDatabase.openFile(at: path)
        let guest = try database.guestUser(now: Fixtures.start)
        #expect(try AppDatabase.openFile(at: path).pendingSyncCount(userId: guest.id) == 0)
    }

    @Test func aFileLeftByAShellKilledAfterTheMigratorMadeItsTableOpensAsANewDatabase() throws {
        // The same kill a step later (`scripts/torture kill`, 3 files in 200 kills): GRDB's table of applied
        // migrations was committed, empty, before the first migration.
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            }
        }
        let database = try AppDatabase.openFile(at: path)
        #expect(try database.guestUser(now: Fixtures.start).provider == .guest)
    }

    @Test func twoShellsOnOneFileWriteSideBySideWithoutALockError() async throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("shared.sqlite").path
        let first = try AppDatabase.openFile(at: path)
        try first.importPack(Fixtures.pack("1", ids: ["country-0001"]), now: Fixtures.start)
        let second = try AppDatabase.openFile(at: path)
        let userId = try first.guestUser(now: Fixtures.start).id
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, database) in [first, second].enumerated() {
                group.addTask {
                    for round in 0..<100 {
                        let quiz = Fixtures.quiz("q\(index)-\(round)", userId: userId, questionIds: ["country-0001"])
                        try database.saveNewQuiz(quiz)
                        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start),
                                                progress: quiz, timeZone: .gmt)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.pendingSyncCount(userId: userId) == 200)
    }
}
