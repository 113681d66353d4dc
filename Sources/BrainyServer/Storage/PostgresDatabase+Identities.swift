import Foundation
import PostgresNIO

extension PostgresDatabase: IdentityStore {
    public func signIn(_ identity: SocialIdentity, orCreate newAccount: ServerAccount?) async throws -> ServerAccount? {
        try await transaction { connection in
            if let linked = try await linkedAccount(identity, on: connection) { return linked }
            var account = try await accountWithEmail(identity.email, on: connection)
            if account == nil, let newAccount {
                // Not inserted: the same first sign-in (or a registration) took the email meanwhile; use that account.
                account = try await Self.insert(newAccount, on: connection, logger: logger)
                    ? newAccount : try await accountWithEmail(newAccount.email, on: connection)
            }
            guard let account else { return nil }
            let linked = try await connection.rows("""
                INSERT INTO identity (provider, subject, account_id, email, linked_at)
                VALUES (\(identity.provider.rawValue), \(identity.subject), \(account.id), \(identity.email),
                        \(identity.linkedAt))
                ON CONFLICT DO NOTHING RETURNING account_id
                """, logger: logger)
            // Linked meanwhile by the same first sign-in on another instance: that link stands.
            return linked.isEmpty ? try await linkedAccount(identity, on: connection) : account
        }
    }

    private func accountWithEmail(_ email: String?, on connection: PostgresConnection) async throws
        -> ServerAccount? {
        guard let email else { return nil }
        return try await connection.rows("SELECT * FROM account WHERE email = \(email)", logger: logger)
            .first.map(Self.account)
    }

    private func linkedAccount(_ identity: SocialIdentity, on connection: PostgresConnection) async throws
        -> ServerAccount? {
        try await connection.rows("""
            SELECT account.* FROM identity JOIN account ON account.id = identity.account_id
            WHERE identity.provider = \(identity.provider.rawValue) AND identity.subject = \(identity.subject)
            """, logger: logger).first.map(Self.account)
    }
}
