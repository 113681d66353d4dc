import Testing

/// Where a test's server keeps its data: the storage tests run against each, with the same expectations.
enum StorageBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// An in-memory SQLite database.
    case sqlite
    /// An empty database of its own on the run's PostgreSQL (`TestPostgres`).
    case postgres

    var testDescription: String { rawValue }
}
