import GRDB

extension ServerDatabase: LoginStatusStore {
    public func isSignedIn(login: String, accountId: String) async throws -> Bool {
        try await writer.read { db in
            // refresh_token.familyId is indexed; a family has one live token and its used predecessors.
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM refresh_token WHERE familyId = ? AND accountId = ? AND revokedAt IS NULL)
                """, arguments: [login, accountId]) ?? false
        }
    }
}
