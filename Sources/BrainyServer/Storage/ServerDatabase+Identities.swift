import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: IdentityStore {
    public func signIn(_ identity: SocialIdentity, orCreate newAccount: ServerAccount?) async throws -> ServerAccount? {
        try await writer.write { db in
            if let linked = try Row.fetchOne(
                db,
                sql: """
                    SELECT account.* FROM identity JOIN account ON account.id = identity.accountId
                    WHERE identity.provider = ? AND identity.subject = ?
                    """,
                arguments: [identity.provider.rawValue, identity.subject]) {
                return Self.account(linked)
            }
            var account: ServerAccount?
            if let email = identity.email {
                account = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email])
                    .map(Self.account)
            }
            if account == nil, let newAccount, try Self.insert(newAccount, db: db) { account = newAccount }
            guard let account else { return nil }
            try db.execute(
                sql: "INSERT INTO identity (provider, subject, accountId, email, linkedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [identity.provider.rawValue, identity.subject, account.id, identity.email, identity.linkedAt])
            return account
        }
    }
}
