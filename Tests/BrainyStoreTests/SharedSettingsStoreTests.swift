import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// The device's side of the settings that follow a person.
@Suite struct SharedSettingsStoreTests {
    @Test func onlyARealChangeOfASharedSettingIsNotedWithItsTime() throws {
        let database = try AppDatabase.inMemory()
        let user = try database.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
        _ = try database.startSession(userId: user.id, now: Fixtures.start, timeout: 3600)
        var settings = Settings()
        // Saved at their defaults (a new device): nothing to send, so it never overrides another device's choices.
        try database.saveSettings(settings, userId: user.id, changedAt: Fixtures.start)
        #expect(try database.changedSharedSettings(userId: user.id).isEmpty)
        try settings.set(.timer, to: "20")
        try settings.set(.format, to: "json")
        try database.saveSettings(settings, userId: user.id, changedAt: Fixtures.start + 10)
        // Saving all of them again, the timer unchanged, keeps when it changed.
        try settings.set(.theme, to: "dark")
        try database.saveSettings(settings, userId: user.id, changedAt: Fixtures.start + 20)
        #expect(try database.changedSharedSettings(userId: user.id) == [
            SharedSetting(key: "theme", value: "dark", changedAt: Fixtures.start + 20),
            SharedSetting(key: "timer", value: "20", changedAt: Fixtures.start + 10),
        ])

        // Another device's changes: the later ones are taken, an older one is not, an unreadable one is left aside.
        let taken = try database.keepSharedSettings([
            SharedSetting(key: "timer", value: "30", changedAt: Fixtures.start + 5),
            SharedSetting(key: "theme", value: "light", changedAt: Fixtures.start + 30),
            SharedSetting(key: "language", value: "en", changedAt: Fixtures.start + 1),
            SharedSetting(key: "count", value: "many", changedAt: Fixtures.start + 40),
            SharedSetting(key: "format", value: "plain", changedAt: Fixtures.start + 40),
        ], userId: user.id)
        #expect(taken == 2)
        let now = try database.settings(userId: user.id)
        #expect(now.timerSeconds == 20 && now.theme == .light && now.language == .en && now.defaultCount == 10)
        #expect(now.outputFormat == .json)
        #expect(try database.keepSharedSettings([SharedSetting(key: "theme", value: "light", changedAt: Fixtures.start + 30)],
                                                userId: user.id) == 0)
    }

    @Test func settingsChosenBeforeCountAsChangedWhenTheAccountWasMade() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v9-credit-ledger")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO user (id, displayName, provider, createdAt) VALUES ('u', 'u', 'email', ?)",
                           arguments: [Fixtures.start])
            for (key, value) in [("language", "en"), ("theme", "system"), ("format", "json")] {
                try db.execute(sql: "INSERT INTO setting (userId, key, value) VALUES ('u', ?, ?)", arguments: [key, value])
            }
        }
        let database = try AppDatabase(queue)
        #expect(try database.changedSharedSettings(userId: "u")
                == [SharedSetting(key: "language", value: "en", changedAt: Fixtures.start)])
    }
}
