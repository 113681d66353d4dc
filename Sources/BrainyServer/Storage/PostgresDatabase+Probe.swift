import PostgresNIO

extension PostgresDatabase: StorageProbe {
    /// A query on a pooled connection: it fails when no connection to the database can be made.
    public func probe() async throws {
        _ = try await rows("SELECT 1 AS one")
    }
}
