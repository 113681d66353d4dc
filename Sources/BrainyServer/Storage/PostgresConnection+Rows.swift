import Logging
import PostgresNIO

extension PostgresConnection {
    /// The rows of `query`, each readable by column name.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await self.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs a statement whose rows, if any, do not matter.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await self.query(query, logger: logger).collect()
    }
}

extension PostgresRandomAccessRow {
    /// The value of `column`, decoded as `T` (an optional type for a column that may be NULL).
    func value<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try self[column].decode(T.self)
    }
}
