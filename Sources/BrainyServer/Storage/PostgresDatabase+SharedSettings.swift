import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: SharedSettingsStore {
    /// As SQLite's v16-account-settings.
    static let sharedSettingsMigration = Migration(id: "v12-account-settings", statements: [
        """
        CREATE TABLE account_setting (
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            changed_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (account_id, key)
        )
        """,
    ])

    public func mergeSharedSettings(_ settings: [SharedSetting], accountId: String) async throws -> [SharedSetting]? {
        try await transaction { [logger] connection in
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(accountId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            if !settings.isEmpty {
                try await connection.run("""
                    INSERT INTO account_setting (account_id, key, value, changed_at)
                    SELECT \(accountId), key, value, changed_at
                    FROM unnest(\(settings.map(\.key)), \(settings.map(\.value)), \(settings.map(\.changedAt)))
                         AS s(key, value, changed_at)
                    ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at
                    WHERE excluded.changed_at > account_setting.changed_at
                    """, logger: logger)
            }
            return try await connection.rows("""
                SELECT key, value, changed_at FROM account_setting WHERE account_id = \(accountId) ORDER BY key COLLATE "C"
                """, logger: logger).map {
                SharedSetting(key: try $0.value("key"), value: try $0.value("value"), changedAt: try $0.value("changed_at"))
            }
        }
    }
}
