import Foundation
import Logging

/// `brainy-server migrate`: runs the migrations the database of `arguments` lacks (SQLite's when it is opened,
/// PostgreSQL's under their advisory lock) and returns what was migrated, for the operator.
public func migrateDatabase(_ arguments: ServerArguments) async throws -> String {
    var logger = Logger(label: "brainy-server")
    logger.logLevel = arguments.logLevel
    if let url = arguments.postgres {
        try await PostgresDatabase.prepare(url, houseAds: [], at: Date(), logger: logger)
        return "The PostgreSQL database \(url)"
    }
    guard let path = arguments.databasePath else { return "The in-memory database" }
    _ = try ServerDatabase.openFile(at: path)
    return "The SQLite database \(path)"
}
