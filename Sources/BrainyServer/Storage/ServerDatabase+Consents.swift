import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: ConsentStore {
    /// The versions of the terms of use and the privacy policy each account accepted, with the time (as
    /// `PostgresDatabase.consentMigration`). They leave with their account.
    static func registerConsentMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23-consents") { db in
            try db.create(table: "consent", options: .withoutRowID) { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("document", .text).notNull()
                t.column("version", .text).notNull()
                t.primaryKey(["accountId", "document", "version"])
                t.column("acceptedAt", .datetime).notNull()
            }
        }
    }

    public func acceptedConsents(accountId: String) async throws -> [ConsentVersion] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT document, version FROM consent WHERE accountId = ?",
                             arguments: [accountId])
                .compactMap { row in
                    ConsentDocument.Kind(rawValue: row["document"]).map { ConsentVersion(document: $0, version: row["version"]) }
                }
        }
    }

    public func recordConsents(_ consents: [ConsentVersion], accountId: String, at date: Date) async throws {
        try await writer.write { db in try Self.insert(consents, accountId: accountId, at: date, db: db) }
    }

    public func createAccount(_ account: ServerAccount, accepting consents: [ConsentVersion]) async throws -> Bool {
        try await writer.write { db in
            guard try Self.insert(account, db: db) else { return false }
            try Self.insert(consents, accountId: account.id, at: account.createdAt, db: db)
            return true
        }
    }

    private static func insert(_ consents: [ConsentVersion], accountId: String, at date: Date, db: Database) throws {
        for consent in consents {
            try db.execute(
                sql: "INSERT OR IGNORE INTO consent (accountId, document, version, acceptedAt) VALUES (?, ?, ?, ?)",
                arguments: [accountId, consent.document.rawValue, consent.version, date])
        }
    }
}
