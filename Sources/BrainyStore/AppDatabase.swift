import BrainyKit
import Foundation
import GRDB

/// The one owner of the database: holds the writer, runs the migrator, and exposes intent-named methods (in the
/// `AppDatabase+…` files). Every write is one transaction.
public struct AppDatabase: Sendable {
    /// Written into the database header so that a file of another program is never mistaken for ours ("BRNY").
    static let applicationId: Int32 = 0x4252_4E59

    /// GRDB's connection, opened when something first needs it (see `PlainReader`).
    private let connection: LazyConnection
    /// The start-up's reads, on a connection of their own; nil in memory, or when the file needed GRDB at once.
    let plain: PlainReader?
    /// The file, when the database is one (for messages, and to keep quiz claims beside it).
    let path: String?
    /// The quizzes in progress this shell has open.
    let claims: QuizClaims
    /// Opened read-only (the file cannot be written): reading works, every write is refused with `.readOnly`.
    public let isReadOnly: Bool
    /// The file as opened, checked before each transaction (nil in memory).
    let watch: DatabaseFileWatch?
    /// The device sign-in this connection writes for, checked in each transaction.
    let writingSession = WritingSession()

    /// GRDB's connection, opened now if it was not yet.
    var writer: any DatabaseWriter {
        get throws(StoreError) { try connection.writer(path: path) }
    }

    /// Opens (and migrates) a database held by `writer`; `path` names its file, if it has one.
    public init(_ writer: any DatabaseWriter, path: String? = nil, readOnly: Bool = false) throws(StoreError) {
        self.connection = LazyConnection(writer)
        self.plain = nil
        self.path = path
        self.claims = QuizClaims(databasePath: path)
        self.isReadOnly = readOnly
        self.watch = path.flatMap { path in FileStatus.of(path).map { DatabaseFileWatch(path: path, opened: $0) } }
        if !readOnly, let watch, case let .otherNames(count) = watch.verdict(),
           (try? writer.read(Self.migrator.isUpToDate)) != true {
            // A migration is a write like any other: not through one of several names.
            throw .databaseHasOtherNames(path: watch.path, names: count)
        }
        if readOnly {
            // Nothing can be migrated: a read-only file is used as it is when it is up to date, refused otherwise.
            let completed = (try? writer.read(Self.migrator.isUpToDate)) ?? false
            if !completed { throw .readOnly(path: path ?? "the database") }
            return
        }
        do {
            // Checked with a read first: migrating an up-to-date database still opens a write transaction, which
            // every start-up would pay for (and wait on, while another shell writes).
            let migrator = Self.migrator
            if try !writer.read(migrator.isUpToDate) {
                try migrator.migrate(writer)
            }
        } catch {
            throw .from(error, path: path)
        }
    }

    /// An empty database in memory, for tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(DatabaseQueue(configuration: configuration()))
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database(String(describing: error))
        }
    }

    /// A file found up to date by `plain`: GRDB's connection is opened by `connection` when first needed.
    private init(file path: String, status: FileStatus, plain: PlainReader, connection: LazyConnection) {
        self.connection = connection
        self.plain = plain
        self.path = path
        self.claims = QuizClaims(databasePath: path)
        self.isReadOnly = false
        self.watch = DatabaseFileWatch(path: path, opened: status)
    }

    /// Lets go of the quizzes this shell holds and closes the connections (SQLite finishes its log as on any close);
    /// nothing can be read or written after. The shell calls it just before the process exits.
    public func close() {
        claims.releaseAll()
        plain?.close()
        connection.closeIfOpen()
    }

    /// Whether GRDB's connection has been opened (tests: a start-up that only reads leaves it closed).
    var isWriterOpen: Bool { connection.isOpen }

    /// Opens the database file at `path` in WAL mode, creating it (readable by its owner only) when missing. A file
    /// that is not a Brainy database is refused and left untouched.
    public static func openFile(at path: String) throws(StoreError) -> AppDatabase {
        try openFile(at: path, readOnly: nil)
    }

    /// `readOnly` nil: read-only when this user may not write the file (tests force it, as root may write anything).
    static func openFile(at path: String, readOnly forced: Bool?) throws(StoreError) -> AppDatabase {
        // The usual start: a file in WAL mode, up to date. Its reads go through a plain connection, and GRDB's is
        // opened when first needed; anything else (a new file, a migration, a read-only file) opens it now, under
        // the setup lock. The `stat` that finds the file is the one its identity is kept from: nothing more at start.
        // A file another shell is making now can look like no Brainy database for a moment: that verdict is given
        // again under the setup lock, once the other shell is done.
        let found: DatabaseFileGuard.Found?
        do {
            found = try DatabaseFileGuard.check(path)
        } catch .notABrainyDatabase {
            found = nil
        }
        if case let .database(status) = found,
           !(forced ?? !FileManager.default.isWritableFile(atPath: path)),
           let plain = PlainReader(path: path, busySeconds: busySeconds), (try? plain.isReadyAsItIs()) == true {
            let connection = LazyConnection { () throws -> any DatabaseWriter in
                try DatabaseQueue(path: path, configuration: configuration())
            }
            return AppDatabase(file: path, status: status, plain: plain, connection: connection)
        }
        return try withSetupLock(path) { () throws(StoreError) -> AppDatabase in
            try openAndPrepare(path, readOnly: forced)
        }
    }

    /// Opens a file that is new, to migrate, or read-only, holding the setup lock: shells starting together on a
    /// new file wait while the first makes it, switches it to WAL and migrates it, then find it ready.
    private static func openAndPrepare(_ path: String, readOnly forced: Bool?) throws(StoreError) -> AppDatabase {
        let manager = FileManager.default
        switch try DatabaseFileGuard.check(path) {
        case .absent:
            do {
                try manager.createDirectory(atPath: DatabaseFileGuard.folder(of: path), withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
            } catch {
                throw .database("cannot create \(path): \(error.localizedDescription)")
            }
            // A file made here is new: it is empty only until the WAL switch below, which this lock covers.
            _ = try FileStatus.createNew(at: path)
        case .empty:
            // An empty file is a new database when nothing says one was kept here; one moved over a database
            // that was in use (its claims or its log beside it) is left alone, not silently made a new one.
            if DatabaseFileGuard.hasTracesOfADatabase(path) { throw .databaseEmptied(path: path) }
        case .database:
            break
        }
        // A file this user may not write is opened read-only: `history` and `stats` still work, writes are refused.
        let readOnly = forced ?? !manager.isWritableFile(atPath: path)
        do {
            // One connection in WAL mode: the shell is one thread, and opening a pool's second connection would add
            // to every start-up. Other processes on the same file still read while this one writes. WAL is a
            // property of the file, set once; GRDB's own WAL set-up would write to the file at every start.
            var configuration = configuration()
            configuration.readonly = readOnly
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            if !readOnly {
                try queue.writeWithoutTransaction { db in
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                        try db.execute(sql: "PRAGMA journal_mode = WAL")
                    }
                }
            }
            return try AppDatabase(queue, path: path, readOnly: readOnly)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .from(error, path: path)
        }
    }

    /// How long a statement waits for another process's lock before failing with "database is locked".
    static let busySeconds: Double = 10

    static func configuration() -> Configuration {
        var config = Configuration()
        // Two shells on one file wait for each other instead of failing with "database is locked".
        config.busyMode = .timeout(busySeconds)
        config.prepareDatabase { db in
            // getenv, not ProcessInfo's environment, which builds the whole dictionary at each call (start-up time).
            if getenv("BRAINY_TRACE_SQL") != nil {
                db.trace { FileHandle.standardError.write(Data("SQL \($0)\n".utf8)) }
            }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            // What is deleted or replaced is overwritten where it lay, not left readable in the file's free space
            // (`strings` would find a signed-out sign-in's tokens or device cookie there), freed pages included. It
            // costs a few page writes when rows are deleted, which this file does rarely and in small numbers.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // Every commit reaches the disk before the shell goes on: an answer shown as saved stays saved, even
            // through a power cut (WAL with synchronous=FULL syncs the log at each commit). BRAINY_SYNCHRONOUS=normal
            // trades that for speed on slow disks: still safe when the shell is killed, not when the machine loses power.
            let normal = getenv("BRAINY_SYNCHRONOUS").map { String(cString: $0).lowercased() == "normal" } ?? false
            try db.execute(sql: normal ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL")
        }
        return config
    }

    /// The rows of one read: on the plain connection when there is one (no GRDB at start-up), else on GRDB's.
    func plainRows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws(StoreError) -> [Row] {
        if let watch, watch.wasReplaced { throw watch.replacedError }
        if let plain { return try plain.rows(sql, arguments) }
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) }
    }

    /// Reads without blocking writers. `checkingSignIn` false: a sign-in's own reads, which go on when this shell's
    /// sign-in was ended elsewhere.
    func read<T>(checkingSignIn: Bool = true, _ body: (Database) throws -> T) throws(StoreError) -> T {
        try checkFile(writing: false)
        let session = checkingSignIn ? writingSession.current : nil
        do {
            return try writer.read { db in
                if let session { try Self.checkStillSignedIn(session, db) }
                return try body(db)
            }
        } catch {
            throw .from(error, path: path)
        }
    }

    /// Writes in one transaction, which first checks that the device is still signed in as this shell's user (when it
    /// has one).
    /// `checkingSignIn` false: signing in and out themselves.
    func write<T>(checkingSignIn: Bool = true, _ body: (Database) throws -> T) throws(StoreError) -> T {
        if isReadOnly { throw .readOnly(path: path ?? "the database") }
        // A file found replaced before is refused at once (its copy tried again if it could not be made).
        if let watch, watch.wasReplaced { try checkFile(writing: true) }
        let session = checkingSignIn ? writingSession.current : nil
        for _ in 0..<2 {
            do {
                return try writer.write { db in
                    // Looked at once this shell holds the write lock, which it may have waited for: a file moved
                    // over the path meanwhile is found before anything is written.
                    if let watch, watch.verdict() != .same { throw FileNotAsOpened() }
                    if let session { try Self.checkStillSignedIn(session, db) }
                    return try body(db)
                }
            } catch is FileNotAsOpened {
                // Copied, let go of and refused; or, when the path names it again by now, tried once more.
                try checkFile(writing: true)
            } catch {
                throw .from(error, path: path)
            }
        }
        throw .databaseReplaced(path: path ?? "the database", copy: nil)
    }

    /// The transaction found the file not as opened: rolled back, then handled by `checkFile`.
    private struct FileNotAsOpened: Error {}

    /// The device is still signed in as `userId` (the partial index of open sign-ins holds one row or none).
    private static func checkStillSignedIn(_ userId: String, _ db: Database) throws {
        let open = try Bool.fetchOne(db, sql: "SELECT 1 FROM authSession WHERE endedAt IS NULL AND userId = ? LIMIT 1",
                                     arguments: [userId]) ?? false
        if !open { throw StoreError.signedOutElsewhere }
    }

    /// One `stat`: the file at the path is still the one opened (and, to write, has no other name). A file found
    /// replaced is copied beside its path and let go of (`DatabaseFileWatch`).
    func checkFile(writing: Bool) throws(StoreError) {
        guard let watch else { return }
        try watch.check(writing: writing, copy: { (target: String) throws(StoreError) -> Void in
            try copyOpenFile(to: target)
        }, close: {
            // SQLite keeps the log of a file that has moved when its connection closes (its close checks that the
            // file is still at its path, and leaves the log alone when not), and the log's name is the path's: the
            // file now there would read this shell's pages as its own. So the log is copied into the old file and
            // emptied first, when no other process has it open: one that does may be a shell on the file moved in,
            // whose pages the log now holds (emptying it into the old file would take them from it).
            if let path, FileStatus.otherLockHolders(of: path + "-shm")?.isEmpty == true { emptyLog() }
            plain?.close()
            connection.closeIfOpen()
        })
    }

    /// Copies the write-ahead log into the file this shell opened and truncates it to nothing: through the plain
    /// connection when there is one (opened on that file at start; GRDB's, opened later by path, may have opened
    /// the file that replaced it), else through GRDB's, opened on it at start.
    private func emptyLog() {
        if let plain {
            _ = try? plain.rows("PRAGMA wal_checkpoint(TRUNCATE)", [], readsOnly: false)
        } else if let opened = connection.openedWriter {
            _ = try? opened.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// A consistent copy of the database as this shell's connections see it, to a new file at `target`, through a
    /// connection already open (opening one now would open the file at the path, which is another file). When a
    /// process that has the file now at the path open shares the log (its name is the path's), the log holds that
    /// file's pages, and this shell's connections would read them as its own: the old file itself is copied then,
    /// through this process's descriptor of it (everything checkpointed into it: a finished quiz always is).
    private func copyOpenFile(to target: String) throws(StoreError) {
        if let path, let watch, let current = FileStatus.of(path), !current.isSameFile(as: watch.opened),
           let holders = FileStatus.otherLockHolders(of: path + "-shm"),
           holders.contains(where: { FileStatus.process($0, hasOpen: current) }) {
            guard let source = FileStatus.ownDescriptorPath(of: watch.opened) else {
                throw .database("the replaced file is no longer open")
            }
            do {
                // Its bytes: the descriptor's path is a link, which a file copy would copy as a link.
                guard let bytes = FileManager.default.contents(atPath: source) else {
                    throw StoreError.database("cannot read the replaced file")
                }
                try bytes.write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
            } catch {
                throw .database("cannot copy to \(target): \(error.localizedDescription)")
            }
            return
        }
        if let plain {
            try plain.copy(into: target)
            return
        }
        guard let opened = connection.openedWriter else { throw .database("no connection to copy from") }
        do {
            try opened.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [target]) }
        } catch {
            throw .from(error, path: target)
        }
    }

    /// Runs `body` holding `<path>-setup.lock`, the lock every shell takes to make, migrate or import into the file
    /// (in memory, or where the lock cannot be made, such as a read-only folder, without it).
    static func withSetupLock<T>(_ path: String?, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard let path else { return try body() }
        switch FileLock.wait(path: path + "-setup.lock", seconds: setupWaitSeconds) {
        case let .taken(lock):
            defer { lock.release() }
            return try body()
        case .heldElsewhere:
            throw .busy
        case .failed:
            return try body()
        }
    }

    /// How long a shell waits for another to make, migrate or import into the file (a pack's import on a slow disk).
    static let setupWaitSeconds: Double = 120
}
