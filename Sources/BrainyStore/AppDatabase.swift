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
    private init(file path: String, plain: PlainReader, connection: LazyConnection) {
        self.connection = connection
        self.plain = plain
        self.path = path
        self.claims = QuizClaims(databasePath: path)
        self.isReadOnly = false
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
        let manager = FileManager.default
        try DatabaseFileGuard.checkIsBrainyOrAbsent(path)
        do {
            // Made only when missing: the attributes dictionary's conformance lookup alone was 2% of a start-up.
            if !manager.fileExists(atPath: path) {
                let url = URL(fileURLWithPath: path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
                _ = manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
        } catch {
            throw .database("cannot create \(path): \(error.localizedDescription)")
        }
        // A file this user may not write is opened read-only: `history` and `stats` still work, writes are refused.
        let readOnly = forced ?? !manager.isWritableFile(atPath: path)
        // The usual start: a file in WAL mode, up to date. Its reads go through a plain connection, and GRDB's is
        // opened when first needed; anything else (a new file, a migration, a read-only file) opens it now.
        if !readOnly, let plain = PlainReader(path: path, busySeconds: busySeconds), (try? plain.isReadyAsItIs()) == true {
            let connection = LazyConnection { () throws -> any DatabaseWriter in
                try DatabaseQueue(path: path, configuration: configuration())
            }
            return AppDatabase(file: path, plain: plain, connection: connection)
        }
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
        if let plain { return try plain.rows(sql, arguments) }
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) }
    }

    /// Reads without blocking writers.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw .from(error, path: path)
        }
    }

    /// Writes in one transaction.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if isReadOnly { throw .readOnly(path: path ?? "the database") }
        do {
            return try writer.write(body)
        } catch {
            throw .from(error, path: path)
        }
    }
}

/// Tells a Brainy database from any other file before SQLite or the migrator touch it.
enum DatabaseFileGuard {
    /// SQLite's header string, "SQLite format 3" and a zero byte, as bytes: compared with `Data(String.utf8)` it
    /// cost a run-time conformance lookup at every start.
    private static let sqliteMagic: [UInt8] = [0x53, 0x51, 0x4C, 0x69, 0x74, 0x65, 0x20, 0x66,
                                               0x6F, 0x72, 0x6D, 0x61, 0x74, 0x20, 0x33, 0x00]

    static func checkIsBrainyOrAbsent(_ path: String) throws(StoreError) {
        // `fileExists(atPath:isDirectory:)`, not the attributes dictionary, whose casts were 5% of a start-up.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue { throw .databaseIsFolder(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .database("cannot read \(path)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        // An empty file is a new database (SQLite writes nothing until the first write).
        if header.isEmpty { return }
        guard header.count >= 100, header.prefix(16).elementsEqual(sqliteMagic) else {
            throw .notABrainyDatabase(path: path)
        }
        // The application id sits big-endian at offset 68 of the header.
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if Int32(bitPattern: id) == AppDatabase.applicationId { return }
        // A database whose header change still sits in its write-ahead log: ask SQLite, read-only.
        var config = Configuration()
        config.readonly = true
        let found = try? DatabaseQueue(path: path, configuration: config).read { db in
            (id: try Int32.fetchOne(db, sql: "PRAGMA application_id"),
             objects: try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE '%grdb_migrations%'") ?? 0,
             migrations: try db.tableExists("grdb_migrations")
                ? try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0 : 0)
        }
        guard let found else { throw .notABrainyDatabase(path: path) }
        // A database that holds nothing at all (or only the migrator's empty list of applied migrations) is new,
        // whoever made it: a shell killed after switching a new file to WAL (which writes its first page), or after
        // the migrator made its table, and before the first migration committed leaves one, which must open.
        if found.id == 0 && found.objects == 0 && found.migrations == 0 { return }
        guard found.id == AppDatabase.applicationId else { throw .notABrainyDatabase(path: path) }
    }
}
