import GRDB

extension ServerDatabase: DevIdPKeyStore {
    func devIdPKey() async throws -> String? {
        try await writer.read { db in try String.fetchOne(db, sql: "SELECT pem FROM dev_idp_key WHERE id = 1") }
    }

    func keepDevIdPKey(_ pem: String) async throws -> String {
        try await writer.write { db in
            // The update changes nothing; it makes the statement return the key that stays, whichever it is (another
            // process on the file may have stored one first).
            guard let stored = try String.fetchOne(db, sql: """
                INSERT INTO dev_idp_key (id, pem) VALUES (1, ?)
                ON CONFLICT (id) DO UPDATE SET pem = dev_idp_key.pem RETURNING pem
                """, arguments: [pem])
            else { throw DevIdPKeyError.notKept }
            return stored
        }
    }
}
