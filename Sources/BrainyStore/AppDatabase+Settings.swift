import BrainyKit
import GRDB

extension AppDatabase: SettingsRepository {
    public func settings(userId: String) throws(StoreError) -> Settings {
        // Walked with a cursor: `Row.fetchAll`'s array of a cursor looked up `Cursor` at run time (read at every start).
        let pairs: [(key: String, value: String)] = try read { db in
            var pairs: [(key: String, value: String)] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM setting WHERE userId = ?", arguments: [userId])
            while let row = try rows.next() { pairs.append((row["key"], row["value"])) }
            return pairs
        }
        var settings = Settings()
        for pair in pairs {
            guard let key = Settings.Key(rawValue: pair.key) else { continue }
            // A value this version cannot read keeps the default rather than failing the whole shell.
            try? settings.set(key, to: pair.value)
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
