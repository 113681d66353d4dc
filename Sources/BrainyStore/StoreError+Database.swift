import BrainyKit
import GRDB

extension StoreError {
    /// What the database's failure means to someone using the shell: SQLite's codes in words, never its own text.
    static func from(_ error: any Error, path: String?) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else { return .database(String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_READONLY: return .readOnly(path: path ?? "the database")
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path ?? "the database")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy
        case .SQLITE_FULL: return .diskFull
        case .SQLITE_IOERR: return .ioFailure
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notABrainyDatabase(path: path ?? "the database")
        default: return .database("SQLite code \(error.extendedResultCode.rawValue)")
        }
    }
}
