import BrainyKit
import Foundation
import GRDB

extension AppDatabase {
    /// Writes a consistent copy of the whole database to a new file at `path` (SQLite's `VACUUM INTO`, safe while
    /// the WAL holds pages not yet checkpointed). Replaying many transcripts starts each from a copy of one database
    /// with the pack imported, instead of importing it again.
    public func copy(toFile path: String) throws(StoreError) {
        do {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [path])
            }
        } catch {
            throw .database("cannot copy the database to \(path): \(error)")
        }
    }
}
