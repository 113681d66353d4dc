import BrainyKit
import GRDB

extension AppDatabase: SettingsRepository {
    public func settings(userId: String) throws(StoreError) -> Settings {
        var settings = Settings()
        for row in try plainRows("SELECT key, value FROM setting WHERE userId = ?", [userId]) {
            guard let key = Settings.Key(rawValue: row["key"]) else { continue }
            // A value this version cannot read keeps the default rather than failing the whole shell.
            try? settings.set(key, to: row["value"])
        }
        return settings
    }

    public func saveSettings(_ settings: Settings, userId: String) throws(StoreError) {
        try write { db in
            for key in Settings.Key.allCases {
                try db.execute(sql: """
                    INSERT INTO setting (userId, key, value) VALUES (?, ?, ?)
                    ON CONFLICT(userId, key) DO UPDATE SET value = excluded.value
                    """, arguments: [userId, key.rawValue, settings.value(of: key)])
            }
        }
    }
}
