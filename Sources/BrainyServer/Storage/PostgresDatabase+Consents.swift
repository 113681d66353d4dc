import BrainyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase: ConsentStore {
    /// As SQLite's v23-consents: the versions of the terms of use and the privacy policy each account accepted, with
    /// the time.
    static let consentMigration = Migration(id: "v20-consents", statements: [
        """
        CREATE TABLE consent (
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            document TEXT NOT NULL,
            version TEXT NOT NULL,
            accepted_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (account_id, document, version)
        )
        """,
    ])

    public func acceptedConsents(accountId: String) async throws -> [ConsentVersion] {
        try await rows("SELECT document, version FROM consent WHERE account_id = \(accountId)").compactMap { row in
            guard let document = ConsentDocument.Kind(rawValue: try row.value("document", as: String.self)) else {
                return nil
            }
            return ConsentVersion(document: document, version: try row.value("version"))
        }
    }

    public func recordConsents(_ consents: [ConsentVersion], accountId: String, at date: Date) async throws {
        try await transaction { connection in
            try await Self.insert(consents, accountId: accountId, at: date, on: connection, logger: logger)
        }
    }

    public func createAccount(_ account: ServerAccount, accepting consents: [ConsentVersion]) async throws -> Bool {
        try await transaction { connection in
            guard try await Self.insert(account, on: connection, logger: logger) else { return false }
            try await Self.insert(consents, accountId: account.id, at: account.createdAt, on: connection,
                                  logger: logger)
            return true
        }
    }

    private static func insert(_ consents: [ConsentVersion], accountId: String, at date: Date,
                               on connection: PostgresConnection, logger: Logger) async throws {
        for consent in consents {
            try await connection.run("""
                INSERT INTO consent (account_id, document, version, accepted_at)
                VALUES (\(accountId), \(consent.document.rawValue), \(consent.version), \(date))
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }
}
