import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: AccountStore {
    static func account(_ row: Row) -> ServerAccount {
        ServerAccount(id: row["id"], email: row["email"], displayName: row["displayName"],
                      passwordHash: row["passwordHash"],
                      provider: AuthProvider(rawValue: row["provider"] ?? "email") ?? .email,
                      createdAt: row["createdAt"], failedLoginAttempts: row["failedLoginAttempts"],
                      lockedUntil: row["lockedUntil"])
    }

    public func account(email: String) async throws -> ServerAccount? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email]).map(Self.account)
        }
    }

    public func account(id: String) async throws -> ServerAccount? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id]).map(Self.account)
        }
    }

    public func createAccount(_ account: ServerAccount) async throws -> Bool {
        try await writer.write { db in try Self.insert(account, db: db) }
    }

    static func insert(_ account: ServerAccount, db: Database) throws -> Bool {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO account (id, email, displayName, passwordHash, provider, createdAt,
                                               failedLoginAttempts)
                VALUES (?, ?, ?, ?, ?, ?, 0)
                """,
            arguments: [account.id, account.email, account.displayName, account.passwordHash,
                        account.provider.rawValue, account.createdAt])
        return db.changesCount == 1
    }


    public func startLogin(accountId: String, login: String, token: NewRefreshToken) async throws {
        try await writer.write { db in
            try Self.insert(token, accountId: accountId, familyId: login, db: db)
        }
    }

    private static func insert(_ token: NewRefreshToken, accountId: String, familyId: String, db: Database) throws {
        try db.execute(
            sql: "INSERT INTO refresh_token (hash, accountId, familyId, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [token.hash, accountId, familyId, token.createdAt, token.expiresAt])
    }

    public func rotateRefreshToken(hash: String, replacement: NewRefreshToken, now: Date) async throws
        -> RefreshRotation {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM refresh_token WHERE hash = ?", arguments: [hash]),
                  row["revokedAt"] as Date? == nil
            else { return .unknown }
            let familyId: String = row["familyId"]
            if row["usedAt"] as Date? != nil {
                // A used token came back: someone holds a copy. End the whole login, wherever it is.
                try db.execute(sql: "UPDATE refresh_token SET revokedAt = ? WHERE familyId = ? AND revokedAt IS NULL",
                               arguments: [now, familyId])
                return .reused
            }
            let expiresAt: Date = row["expiresAt"]
            if expiresAt <= now { return .expired }
            try db.execute(sql: "UPDATE refresh_token SET usedAt = ? WHERE hash = ?", arguments: [now, hash])
            let accountId: String = row["accountId"]
            try Self.insert(replacement, accountId: accountId, familyId: familyId, db: db)
            return .rotated(userId: accountId, login: familyId)
        }
    }

    public func endLogin(containing hash: String, now: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE refresh_token SET revokedAt = ?
                    WHERE revokedAt IS NULL AND familyId = (SELECT familyId FROM refresh_token WHERE hash = ?)
                    """,
                arguments: [now, hash])
        }
    }
}

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

extension ServerDatabase: SecretStore {
    public func legacySigningKey() async throws -> [UInt8]? {
        try await writer.read { db in
            try Data.fetchOne(db, sql: "SELECT key FROM signing_key WHERE id = 1").map { [UInt8]($0) }
        }
    }

    public func forgetLegacySigningKey() async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM signing_key") }
    }
}
