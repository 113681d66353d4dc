import BrainyKit
import Foundation
import GRDB

/// Tells a Brainy database from any other file before SQLite or the migrator touch it.
enum DatabaseFileGuard {
    /// SQLite's header string, "SQLite format 3" and a zero byte, as bytes: compared with `Data(String.utf8)` it
    /// cost a run-time conformance lookup at every start.
    private static let sqliteMagic: [UInt8] = [0x53, 0x51, 0x4C, 0x69, 0x74, 0x65, 0x20, 0x66,
                                               0x6F, 0x72, 0x6D, 0x61, 0x74, 0x20, 0x33, 0x00]

    /// What is at a database's path.
    enum Found {
        case absent
        /// An empty file: a new database, unless `hasTracesOfADatabase`.
        case empty
        /// A Brainy database (or a new one SQLite has begun), as `stat` found it.
        case database(FileStatus)
    }

    static func check(_ path: String) throws(StoreError) -> Found {
        // One `stat` (not the attributes dictionary, whose casts were 5% of a start-up), kept as the file's identity.
        guard let status = FileStatus.of(path) else { return .absent }
        if status.isFolder { throw .databaseIsFolder(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .database("cannot read \(path)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        // An empty file is a new database (SQLite writes nothing until the first write).
        if header.isEmpty { return .empty }
        do {
            try checkIsBrainy(path, header: header)
        } catch .notABrainyDatabase where status.links > 1 {
            // Read through a second name, a database whose latest pages sit in the other name's log looks damaged.
            throw .databaseHasOtherNames(path: path, names: status.links)
        }
        return .database(status)
    }

    /// Whether a Brainy database was kept at `path`: its quiz claims folder, or a write-ahead log with something in
    /// it, beside it (a new file has neither; SQLite would read such a log into the empty file as its own).
    static func hasTracesOfADatabase(_ path: String) -> Bool {
        FileStatus.of(path + "-claims")?.isFolder == true || (FileStatus.of(path + "-wal")?.size ?? 0) > 0
    }

    /// The folder a file path names ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    private static func checkIsBrainy(_ path: String, header: Data) throws(StoreError) {
        guard header.count >= 100, header.prefix(16).elementsEqual(sqliteMagic) else {
            throw .notABrainyDatabase(path: path)
        }
        // The application id sits big-endian at offset 68 of the header.
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if Int32(bitPattern: id) == AppDatabase.applicationId { return }
        // A database whose header change still sits in its write-ahead log: ask SQLite, read-only.
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(AppDatabase.busySeconds)
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
