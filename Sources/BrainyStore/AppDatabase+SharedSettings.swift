import BrainyKit
import Foundation
import GRDB

/// The settings that follow a person (`SharedSettings`): each keeps when it last changed on this device or, once
/// synced, on the device that changed it last.
extension AppDatabase: SharedSettingsRepository {
    static func registerSharedSettingsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10-setting-changes") { db in
            try db.alter(table: "setting") { t in t.add(column: "changedAt", .datetime) }
            // A shared setting chosen before (not at its default) counts as changed when its account was made: any
            // change made since, here or elsewhere, is later and wins.
            let defaults = Settings()
            for key in SharedSettings.keys {
                try db.execute(sql: """
                    UPDATE setting SET changedAt = (SELECT createdAt FROM user WHERE user.id = setting.userId)
                    WHERE key = ? AND value != ?
                    """, arguments: [key.rawValue, defaults.value(of: key)])
            }
        }
    }

    public func saveSettings(_ settings: Settings, userId: String, changedAt date: Date) throws(StoreError) {
        let defaults = Settings()
        let shared = Set(SharedSettings.keys)
        try write { db in
            var held: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE userId = ?", arguments: [userId]) {
                held[row["key"]] = row["value"]
            }
            for key in Settings.Key.allCases {
                let value = settings.value(of: key)
                let changed = shared.contains(key) && value != (held[key.rawValue] ?? defaults.value(of: key))
                try db.execute(sql: """
                    INSERT INTO setting (userId, key, value, changedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(userId, key) DO UPDATE SET value = excluded.value,
                      changedAt = coalesce(excluded.changedAt, setting.changedAt)
                    """, arguments: [userId, key.rawValue, value, changed ? date : nil])
            }
        }
    }

    public func changedSharedSettings(userId: String) throws(StoreError) -> [SharedSetting] {
        let keys = SharedSettings.keys.map(\.rawValue)
        return try read { db in
            try Row.fetchAll(db, sql: """
                SELECT key, value, changedAt FROM setting WHERE userId = ? AND changedAt IS NOT NULL ORDER BY key
                """, arguments: [userId])
                .filter { keys.contains($0["key"]) }
                .map { SharedSetting(key: $0["key"], value: $0["value"], changedAt: $0["changedAt"]) }
        }
    }

    public func keepSharedSettings(_ settings: [SharedSetting], userId: String) throws(StoreError) -> Int {
        try write { db in
            var taken = 0
            for setting in settings {
                guard let key = Settings.Key(rawValue: setting.key), SharedSettings.keys.contains(key) else { continue }
                // A value this version cannot read is left aside, as `settings(userId:)` does.
                var check = Settings()
                guard (try? check.set(key, to: setting.value)) != nil else { continue }
                let row = try Row.fetchOne(db, sql: "SELECT value, changedAt FROM setting WHERE userId = ? AND key = ?",
                                           arguments: [userId, setting.key])
                if let mine = row?["changedAt"] as Date?, mine >= setting.changedAt { continue }
                try db.execute(sql: """
                    INSERT INTO setting (userId, key, value, changedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(userId, key) DO UPDATE SET value = excluded.value, changedAt = excluded.changedAt
                    """, arguments: [userId, setting.key, setting.value, setting.changedAt])
                if row?["value"] as String? != setting.value { taken += 1 }
            }
            return taken
        }
    }
}
