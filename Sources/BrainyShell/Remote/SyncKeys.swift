import BrainyKit

/// Keys of the device's sync bookkeeping (the `syncState` table).
enum SyncKeys {
    /// The server set with `settings server URL` (`--server` wins for one run).
    static let server = "server"
    static let configETag = "configETag"
    /// `settings voice-out DIR`: where voice mode writes its speech on this device.
    static let voiceOut = "voiceOut"
    /// `settings ai URL`: the language model AI mode asks for questions (`--ai-url` wins).
    static let aiURL = "aiURL"
    static func lastSync(_ userId: String) -> String { "lastSyncAt:\(userId)" }
    /// The version (ETag) of the question ratings last imported from `server`.
    static func ratingsETag(_ server: String) -> String { "ratingsETag:\(server)" }
    /// What the server said it holds for the user at the last sync (`ResultSummaryResponse` as JSON).
    /// The pack version `server` last said it serves, at a sync or at start (`ServedPack` as JSON).
    static func servedPack(_ server: String) -> String { "servedPack:\(server)" }
    static func serverHolds(_ userId: String) -> String { "serverHolds:\(userId)" }
}
