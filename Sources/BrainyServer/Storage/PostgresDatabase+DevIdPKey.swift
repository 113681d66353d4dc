import PostgresNIO

/// Read and stored at start, while the connection pool does not run yet: each on a connection of its own.
extension PostgresDatabase: DevIdPKeyStore {
    func devIdPKey() async throws -> String? {
        try await Self.withConnection(to: url, logger: logger) { connection in
            try await connection.rows("SELECT pem FROM dev_idp_key WHERE id = 1", logger: logger)
                .first?.value("pem", as: String.self)
        }
    }

    func keepDevIdPKey(_ pem: String) async throws -> String {
        try await Self.withConnection(to: url, logger: logger) { connection in
            // The update changes nothing; it makes the statement return the key that stays. An instance inserting
            // at the same time makes this one wait until it commits; this one then keeps that key and returns it.
            guard let stored = try await connection.rows("""
                INSERT INTO dev_idp_key (id, pem) VALUES (1, \(pem))
                ON CONFLICT (id) DO UPDATE SET pem = dev_idp_key.pem RETURNING pem
                """, logger: logger).first?.value("pem", as: String.self)
            else { throw DevIdPKeyError.notKept }
            return stored
        }
    }
}
