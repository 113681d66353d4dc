import BrainyKit
import Foundation
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

    /// Saves them as changed now (`saveSettings(_:userId:changedAt:)` with the shell's clock).
    public func saveSettings(_ settings: Settings, userId: String) throws(StoreError) {
        try saveSettings(settings, userId: userId, changedAt: Date())
    }
}
