/// Whether the database answers, for `/health`.
public protocol StorageProbe: Sendable {
    /// Runs one real query; throws when the database cannot answer it.
    func probe() async throws
}
