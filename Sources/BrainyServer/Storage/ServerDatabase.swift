import Foundation
import GRDB

/// The one owner of the server's SQLite database: holds the writer, runs the server's migrator, and implements the
/// storage protocols. Every method is one transaction. Unrelated to the shell's `AppDatabase`.
public struct ServerDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Whether a quiz played on no ticket may rank (`LeaderboardRules`). The application sets it from
    /// `ServerArguments.ranksQuizzesWithoutTickets` (off: tickets required); storage alone keeps the rules before
    /// tickets.
    var ranksQuizzesWithoutTickets = true

    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// An empty database in memory, for tests.
    public static func inMemory() throws -> ServerDatabase {
        try ServerDatabase(DatabaseQueue(configuration: configuration()))
    }

    /// Opens the file at `path` (WAL, many readers), creating it and its folder, readable by the owner only.
    public static func openFile(at path: String) throws -> ServerDatabase {
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        if !manager.fileExists(atPath: path) {
            _ = manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        return try ServerDatabase(DatabasePool(path: path, configuration: configuration()))
    }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = true
        return config
    }
}
