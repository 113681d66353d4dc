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

    @Test func theLastMigrationTheStartUpChecksIsTheMigratorsLast() {
        #expect(AppDatabase.lastMigration == AppDatabase.migrator.migrations.last)
    }

    /// An up-to-date file is read at start-up through the plain connection, with GRDB's opened only by a write;
    /// every read gives what GRDB's connection gives, and sees what GRDB's connection wrote.
    @Test func anUpToDateFileIsReadWithoutGRDBUntilSomethingElseIsAsked() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        let userId: String
        do {
            let first = try AppDatabase.openFile(at: path)
            #expect(first.plain == nil, "a new file is made and migrated through GRDB at once")
            let user = try first.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
            userId = user.id
            _ = try first.startSession(userId: userId, now: Fixtures.start, timeout: 3600)
            var settings = Settings()
            try settings.set(.language, to: "en")
            try first.saveSettings(settings, userId: userId)
            try first.setSyncValue("cursor-1", for: "lastPull")
            _ = try first.importPack(Fixtures.pack("3", ids: ["country-0001"]), now: Fixtures.start)
            first.close()
        }
        let database = try AppDatabase.openFile(at: path)
        let grdb = try AppDatabase(DatabaseQueue(path: path))
        #expect(database.plain != nil)
        #expect(try database.currentSession() == grdb.currentSession())
        #expect(try database.currentSession()?.userId == userId)
        #expect(try database.user(id: userId) == grdb.user(id: userId))
        #expect(try database.user(id: userId)?.email == "a@b.co")
        #expect(try database.user(id: "nobody") == nil)
        #expect(try database.settings(userId: userId) == grdb.settings(userId: userId))
        #expect(try database.settings(userId: userId).language == .en)
        #expect(try database.hintCredits(userId: userId) == grdb.hintCredits(userId: userId))
        #expect(try database.syncValue("lastPull") == "cursor-1")
        #expect(try database.syncValue("absent") == nil)
        #expect(try database.importedVersion(ofPack: Fixtures.pack("3", ids: []).id) == "3")
        #expect(try database.interruptedQuiz(userId: userId) == nil)
        #expect(!database.isWriterOpen, "only reads were asked")

        try database.setSyncValue("cursor-2", for: "lastPull")
        #expect(database.isWriterOpen)
        #expect(try database.syncValue("lastPull") == "cursor-2", "the plain connection sees GRDB's commit")
        try grdb.endSession()
        #expect(try database.currentSession() == nil, "and another connection's")
        database.close()
        #expect(throws: StoreError.self) { try database.syncValue("lastPull") }
    }

    @Test func thePlainConnectionRunsReadsOnly() throws {
        let path = Fixtures.temporaryDirectory().appendingPathComponent("brainy.sqlite").path
        try AppDatabase.openFile(at: path).close()
        let database = try AppDatabase.openFile(at: path)
        let plain = try #require(database.plain)
        #expect(throws: StoreError.self) { try plain.rows("DELETE FROM user") }
        #expect(throws: StoreError.self) { try plain.rows("SELECT nonsense FROM nowhere") }
        let row = try #require(try plain.rows("SELECT ? AS a, ? AS b, ? AS c, ? AS d", ["x", 2, 2.5, nil]).first)
        let a: String = row["a"], b: Int = row["b"], c: Double = row["c"], d: String? = row["d"]
        #expect(a == "x")
        #expect(b == 2)
        #expect(c == 2.5)
        #expect(d == nil)
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
