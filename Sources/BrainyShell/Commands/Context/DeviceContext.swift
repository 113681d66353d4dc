import BrainyKit
import Foundation

/// What the device's commands (`settings`, `sync`) may use: the flow read, the console and how output prints, the
/// launch options read, the player's settings (saved and put in force through `saveSettings`), the device's own
/// values, the remote side's status read (and forgotten when the server changes), and the sync engine.
struct DeviceContext: CommandContext {
    let basics: ContextBasics
    /// How the shell was started (`--server`, `--lang`, `--format`…), read only.
    let options: ShellOptions
    private let state: SessionState
    private let repository: any BrainyRepository
    private let remote: RemoteSession
    private let makeSyncEngine: () -> SyncEngine

    init(basics: ContextBasics, options: ShellOptions, state: SessionState, repository: any BrainyRepository,
         remote: RemoteSession, syncEngine: @escaping () -> SyncEngine) {
        self.basics = basics
        self.options = options
        self.state = state
        self.repository = repository
        self.remote = remote
        self.makeSyncEngine = syncEngine
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.device() }

    /// The signed-in player's settings in force.
    var settings: Settings { state.settings }
    /// The sync server in use and whether it answered, read only.
    var remoteStatus: RemoteStatus { remote.status }

    /// Another server was set: whether it answers is not known until it is called.
    func serverChanged() { remote.serverReachable = nil }

    /// Saves the player's settings and puts them in force (language, theme, timer).
    func saveSettings(_ settings: Settings, userId: String) throws {
        try repository.saveSettings(settings, userId: userId, changedAt: state.now)
        state.applyUserSettings(settings)
    }

    /// A value kept for the whole device (the sync server, the voice-out folder, the AI endpoint).
    func deviceValue(_ key: String) throws -> String? { try repository.syncValue(key) }

    /// Keeps (or with `nil` forgets) a value for the whole device.
    func setDeviceValue(_ value: String?, for key: String) throws { try repository.setSyncValue(value, for: key) }

    /// The sync engine, made with what it needs.
    func syncEngine() -> SyncEngine { makeSyncEngine() }

    /// The server published a new terms of use or privacy policy since this sign-in: shows them and asks; accepted,
    /// the server records it; declined, signed out (`RemoteSession.acceptCurrentConsent`).
    func acceptCurrentConsent() throws { try remote.acceptCurrentConsent() }
}
