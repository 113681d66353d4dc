import Foundation

/// The settings that follow a person from device to device (language, theme, timer, question count); the others
/// (output format, voice, notifications, and the device's server and folders) stay with the device. Between
/// devices, the latest change of each wins, by the time it was made.
public enum SharedSettings {
    public static let keys: [Settings.Key] = [.language, .theme, .timer, .count]
}

/// One shared setting as it was last changed.
public struct SharedSetting: Codable, Equatable, Sendable {
    /// A `Settings.Key` of `SharedSettings.keys`, by its name.
    public var key: String
    public var value: String
    public var changedAt: Date

    public init(key: String, value: String, changedAt: Date) {
        self.key = key
        self.value = value
        self.changedAt = changedAt
    }
}

/// The device's side of the shared settings, for `sync`.
public protocol SharedSettingsRepository: Sendable {
    /// Saves the settings, noting when each shared one took a value other than the one it had (one never changed,
    /// at its default, is not a change: a new device never overrides the others with its defaults).
    func saveSettings(_ settings: Settings, userId: String, changedAt date: Date) throws(StoreError)
    /// The shared settings this device changed, with when.
    func changedSharedSettings(userId: String) throws(StoreError) -> [SharedSetting]
    /// Keeps each of `settings` changed later than this device's own change of it (or never changed here); returns
    /// how many were taken.
    func keepSharedSettings(_ settings: [SharedSetting], userId: String) throws(StoreError) -> Int
}
