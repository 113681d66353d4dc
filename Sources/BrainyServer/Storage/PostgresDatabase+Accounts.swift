import BrainyAPI
import BrainyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase: AccountStore {
    static func account(_ row: PostgresRandomAccessRow) throws -> ServerAccount {
        ServerAccount(id: try row.value("id"), email: try row.value("email"),
                      displayName: try row.value("display_name"), passwordHash: try row.value("password_hash"),
                      provider: AuthProvider(rawValue: try row.value("provider")) ?? .email,
                      createdAt: try row.value("created_at"))
    }

    public func account(email: String) async throws -> ServerAccount? {
        try await rows("SELECT * FROM account WHERE email = \(email)").first.map(Self.account)
    }

    public func account(id: String) async throws -> ServerAccount? {
        try await rows("SELECT * FROM account WHERE id = \(id)").first.map(Self.account)
    }

    public func createAccount(_ account: ServerAccount) async throws -> Bool {
        try await transaction { connection in try await Self.insert(account, on: connection, logger: logger) }
    }

    /// False when the id or the email is taken (by a concurrent insert too: it waits for that one to commit).
    static func insert(_ account: ServerAccount, on connection: PostgresConnection, logger: Logger) async throws
        -> Bool {
        try await !connection.rows("""
            INSERT INTO account (id, email, display_name, password_hash, provider, created_at)
            VALUES (\(account.id), \(account.email), \(account.displayName), \(account.passwordHash),
                    \(account.provider.rawValue), \(account.createdAt))
            ON CONFLICT DO NOTHING RETURNING id
            """, logger: logger).isEmpty
    }

    public func startLogin(accountId: String, login: String, token: NewRefreshToken) async throws {
        try await transaction { connection in
            try await Self.insert(token, accountId: accountId, familyId: login, on: connection, logger: logger)
        }
    }

    private static func insert(_ token: NewRefreshToken, accountId: String, familyId: String,
                               on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.run("""
            INSERT INTO refresh_token (hash, account_id, family_id, created_at, expires_at)
            VALUES (\(token.hash), \(accountId), \(familyId), \(token.createdAt), \(token.expiresAt))
            """, logger: logger)
    }

    public func rotateRefreshToken(hash: String, replacement: NewRefreshToken, now: Date) async throws
        -> RefreshRotation {
        try await transaction { connection in
            // FOR UPDATE: of two instances handed the same token at once, the second waits and then sees it used.
            guard let row = try await connection.rows(
                "SELECT * FROM refresh_token WHERE hash = \(hash) FOR UPDATE", logger: logger).first,
                try row.value("revoked_at", as: Date?.self) == nil
            else { return .unknown }
            let familyId: String = try row.value("family_id")
            if try row.value("used_at", as: Date?.self) != nil {
                // A used token came back: someone holds a copy. End the whole login, wherever it is.
                try await connection.run("""
                    UPDATE refresh_token SET revoked_at = \(now) WHERE family_id = \(familyId) AND revoked_at IS NULL
                    """, logger: logger)
                return .reused
            }
            if try row.value("expires_at", as: Date.self) <= now { return .expired }
            try await connection.run("UPDATE refresh_token SET used_at = \(now) WHERE hash = \(hash)", logger: logger)
            let accountId: String = try row.value("account_id")
            try await Self.insert(replacement, accountId: accountId, familyId: familyId, on: connection,
                                  logger: logger)
            return .rotated(userId: accountId, login: familyId)
        }
    }

    public func endLogin(containing hash: String, now: Date) async throws {
        try await transaction { connection in
            try await connection.run("""
                UPDATE refresh_token SET revoked_at = \(now)
                WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_token WHERE hash = \(hash))
                """, logger: logger)
        }
    }
}

extension PostgresDatabase: LoginStatusStore {
    public func isSignedIn(login: String, accountId: String) async throws -> Bool {
        try await rows("""
            SELECT EXISTS (SELECT 1 FROM refresh_token
                           WHERE family_id = \(login) AND account_id = \(accountId) AND revoked_at IS NULL) AS live
            """).first?.value("live", as: Bool.self) ?? false
    }
}

extension PostgresDatabase: SecretStore {
    /// Servers on PostgreSQL never kept the signing key in the database: there is nothing to move.
    public func legacySigningKey() async throws -> [UInt8]? { nil }

    public func forgetLegacySigningKey() async throws {}
}
