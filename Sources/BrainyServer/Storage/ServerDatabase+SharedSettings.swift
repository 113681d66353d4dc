import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: SharedSettingsStore {
    /// The settings that follow a person (as `PostgresDatabase.sharedSettingsMigration`).
    static func registerSharedSettingsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16-account-settings") { db in
            try db.create(table: "account_setting") { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("key", .text).notNull()
                t.primaryKey(["accountId", "key"])
                t.column("value", .text).notNull()
                t.column("changedAt", .datetime).notNull()
            }
        }
    }

    public func mergeSharedSettings(_ settings: [SharedSetting], accountId: String) async throws -> [SharedSetting]? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)",
                                    arguments: [accountId]) == true
            else { return nil }
            for setting in settings {
                try db.execute(sql: """
                    INSERT INTO account_setting (accountId, key, value, changedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (accountId, key) DO UPDATE SET value = excluded.value, changedAt = excluded.changedAt
                    WHERE excluded.changedAt > account_setting.changedAt
                    """, arguments: [accountId, setting.key, setting.value, setting.changedAt])
            }
            return try Row.fetchAll(db, sql: """
                SELECT key, value, changedAt FROM account_setting WHERE accountId = ? ORDER BY key
                """, arguments: [accountId])
                .map { SharedSetting(key: $0["key"], value: $0["value"], changedAt: $0["changedAt"]) }
        }
    }
}
