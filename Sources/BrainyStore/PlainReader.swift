import BrainyKit
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A second connection to a database file, read-only by use, that runs the start-up's reads without GRDB: the
/// schema check, the pack's version, the signed-in session, its user, settings and hint credits, whether a quiz was
/// interrupted. `AppDatabase` opens GRDB's connection only when something else is asked of it, so that a shell
/// that starts, restores its session and runs `help` never pays for GRDB's set-up (its functions, collations and
/// statement authorizer were a third of a start-up, most of it the Swift runtime's first conformance lookups).
///
/// Rows come back as GRDB `Row`s keyed by column name (GRDB makes them from a dictionary: read them by name, or by
/// index only when there is one column), so that the records' own readers (`UserRecord(row:)` …) read them on either
/// connection. Only statements SQLite calls read-only are run: anything else is refused before it steps. Each
/// statement is its own read transaction, so it sees every commit made before it, by this process's GRDB connection
/// or another process.
///
/// The SQLite handle is opened with SQLITE_OPEN_NOMUTEX (SQLite does not serialise it): it sits in a `Mutex`, and
/// every read and `close` hold it for their whole run, so no two threads ever use the handle at once. It is nil once
/// closed.
final class PlainReader: Sendable {
    private let connection: Mutex<OpaquePointer?>
    private let traces: Bool
    private let path: String

    /// Opens `path` (which must exist) for reading, waiting up to `busySeconds` for another process's lock as
    /// GRDB's connection does; nil when SQLite cannot open it.
    init?(path: String, busySeconds: Double) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let handle
        else {
            sqlite3_close(handle)
            return nil
        }
        sqlite3_busy_timeout(handle, Int32(busySeconds * 1000))
        connection = Mutex(handle)
        self.path = path
        traces = getenv("BRAINY_TRACE_SQL") != nil
    }

    deinit { close() }

    /// Closes the connection; a read after it fails.
    func close() {
        connection.withLock { connection in
            if let connection { sqlite3_close(connection) }
            connection = nil
        }
    }

    /// The rows of one read-only statement, its `?` bound to `arguments` in order.
    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws(StoreError) -> [Row] {
        try rows(sql, arguments, readsOnly: true)
    }

    /// `readsOnly` false only for a pragma that reads (SQLite does not call `PRAGMA journal_mode` read-only, as the
    /// same pragma with a value changes the file).
    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
              readsOnly: Bool) throws(StoreError) -> [Row] {
        // The values bound, not the caller's convertibles, go under the lock: they are Sendable.
        let values = arguments.map { $0?.databaseValue ?? .null }
        return try connection.withLock { connection throws(StoreError) -> [Row] in
            guard let connection else { throw .database("the database is closed") }
            return try rows(sql, values, readsOnly: readsOnly, on: connection)
        }
    }

    /// The rows are `sending`: made from copied values, they share nothing with the handle, so they may leave the lock.
    private func rows(_ sql: String, _ arguments: [DatabaseValue], readsOnly: Bool,
                      on connection: OpaquePointer) throws(StoreError) -> sending [Row] {
        if traces { FileHandle.standardError.write(Data("SQL \(sql)\n".utf8)) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(sql, on: connection)
        }
        defer { sqlite3_finalize(statement) }
        guard !readsOnly || sqlite3_stmt_readonly(statement) != 0 else { throw .database("not a read: \(sql)") }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let status: Int32
            switch argument.storage {
            case .null: status = sqlite3_bind_null(statement, position)
            case let .int64(value): status = sqlite3_bind_int64(statement, position, value)
            case let .double(value): status = sqlite3_bind_double(statement, position, value)
            case let .string(value): status = sqlite3_bind_text(statement, position, value, -1, Self.transient)
            case let .blob(value):
                status = value.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient) }
            }
            guard status == SQLITE_OK else { throw failure(sql, on: connection) }
        }
        let columns = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        var rows: [Row] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_DONE:
                return rows
            case SQLITE_ROW:
                // Of Row's own element type: a dictionary of DatabaseValue, cast to it, looked up the conformance
                // at run time for each element.
                var values: [String: (any DatabaseValueConvertible)?] = [:]
                for (index, name) in columns.enumerated() {
                    values[name] = Self.value(statement, Int32(index))
                }
                rows.append(Row(values))
            default:
                throw failure(sql, on: connection)
            }
        }
    }

    /// Writes a consistent copy of the database as this connection sees it to a new file at `path` (`VACUUM INTO`):
    /// the rescue of a file replaced under the shell, through the connection that still has the old one open.
    func copy(into path: String) throws(StoreError) {
        try connection.withLock { connection throws(StoreError) in
            guard let connection else { throw .database("the database is closed") }
            var statement: OpaquePointer?
            let sql = "VACUUM INTO ?"
            guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw failure(sql, on: connection)
            }
            defer { sqlite3_finalize(statement) }
            guard sqlite3_bind_text(statement, 1, path, -1, Self.transient) == SQLITE_OK,
                  sqlite3_step(statement) == SQLITE_DONE
            else { throw failure(sql, on: connection) }
        }
    }

    /// The one column of the first row, as GRDB would read it into `Value`; nil when there is no row or it is NULL.
    func value<Value: DatabaseValueConvertible>(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
                                                as type: Value.Type = Value.self) throws(StoreError) -> Value? {
        guard let row = try rows(sql, arguments).first, let first = row.databaseValues.first else { return nil }
        return Value.fromDatabaseValue(first)
    }

    private static func value(_ statement: OpaquePointer, _ index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, index).databaseValue
        case SQLITE_FLOAT: return sqlite3_column_double(statement, index).databaseValue
        case SQLITE_TEXT: return String(cString: sqlite3_column_text(statement, index)).databaseValue
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return Data().databaseValue }
            return Data(bytes: bytes, count: count).databaseValue
        default: return .null
        }
    }

    private func failure(_ sql: String, on connection: OpaquePointer) -> StoreError {
        let code = sqlite3_extended_errcode(connection)
        let message = String(cString: sqlite3_errmsg(connection))
        return .from(DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql), path: path)
    }

    /// SQLite's SQLITE_TRANSIENT: it copies what is bound before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
