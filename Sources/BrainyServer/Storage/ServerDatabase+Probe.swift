import GRDB

extension ServerDatabase: StorageProbe {
    public func probe() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }
}
