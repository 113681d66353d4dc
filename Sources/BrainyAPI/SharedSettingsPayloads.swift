import BrainyKit
import Foundation

// The settings that follow a person (`SharedSettings`): a device sends the ones it changed, the server keeps for
// each the latest change by its time, and answers with all the account's, which the device keeps where they are
// later than its own.

public struct SharedSettingsRequest: Codable, Equatable, Sendable {
    public var settings: [SharedSetting]

    public init(settings: [SharedSetting]) {
        self.settings = settings
    }

    /// The most a request may carry: a few keys, each once.
    public static let maxSettings = 16
}

public struct SharedSettingsResponse: Codable, Equatable, Sendable {
    /// Every shared setting the account holds, the latest change of each, by key.
    public var settings: [SharedSetting]

    public init(settings: [SharedSetting]) {
        self.settings = settings
    }
}
