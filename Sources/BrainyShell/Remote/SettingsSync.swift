import BrainyAPI
import BrainyKit
import Foundation

/// The settings that follow a person, at `sync`: the ones changed here go up with when they changed, and the
/// account's latest of each comes back; each setting ends as its latest change on any device (by the time it was
/// made), and what came from another device is applied at once.
struct SettingsSync {
    let remote: RemoteSession
    let repository: any BrainyRepository
    /// Puts the user's settings in force (when another device's came).
    let settingsChanged: (Settings) -> Void

    /// How many settings another device's later change brought; nil when the server keeps no settings.
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> Int? {
        let request = SharedSettingsRequest(settings: try repository.changedSharedSettings(userId: userId))
        let answer: SharedSettingsResponse? = try remote.authorized(api, watch) { api, token in
            do {
                return try await api.call(API.syncSettings, request, accessToken: token)
            } catch let error as RemoteError where error.status == 404 {
                return nil
            }
        }
        guard let response = answer else { return nil }
        let taken = try repository.keepSharedSettings(response.settings, userId: userId)
        if taken > 0 { settingsChanged(try repository.settings(userId: userId)) }
        return taken
    }
}
