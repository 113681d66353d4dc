import BrainyAPI
import BrainyKit
import Foundation

/// The settings that follow a person, per account: the latest change of each key, by the time it was made.
public protocol SharedSettingsStore: Sendable {
    /// Keeps each of `settings` that is later than the account's (ties keep the one held), and returns all the
    /// account's, by key; nil when the account no longer exists.
    func mergeSharedSettings(_ settings: [SharedSetting], accountId: String) async throws -> [SharedSetting]?
}
