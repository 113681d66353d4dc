import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// A sign-in whose tokens a real (headless) GNOME Keyring holds, read by a shell where `secret-tool` is not installed:
/// the sign-in cannot be used and says to install libsecret-tools (not that the keyring is locked), and `logout`
/// signs out on this device, saying the server's sign-in lasts until it expires.
@Suite(.serialized) final class SecretToolMissingTests {
    let folder: URL
    let database: AppDatabase
    let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-no-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try AppDatabase.openFile(at: folder.appendingPathComponent("brainy.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func remote(_ keeper: TokenKeeper) -> RemoteSession {
        RemoteSession(
            repository: database, console: console, serverOverride: nil, makeClient: nil,
            user: { KeyringSignOutTests.user }, now: { Date() },
            config: ConfigInForce(current: { RemoteConfig() }, adopt: { _ in }), signOut: {}, tokenKeeper: keeper)
    }

    /// Signs in with the tokens kept in `keyring`; the keeper of a shell that finds no `secret-tool` on its PATH.
    func signedInThenToolRemoved(_ keyring: HeadlessKeyring) throws -> TokenKeeper {
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        try TokenKeeper(repository: database, keyring: store).save(TokenKeeperTests.tokens, userId: "u1")
        return TokenKeeper(repository: database, keyring: SecretServiceStore(tool: SecretTool(path: nil)))
    }

    @Test func theSignInSaysToInstallSecretToolNotThatTheKeyringIsLocked() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let remote = remote(try signedInThenToolRemoved(keyring))

        #expect(throws: ShellError.secretToolMissing) { try remote.keptTokens(userId: "u1") }
        #expect(try database.remoteTokens(userId: "u1") != nil)
        let message = ErrorMessage.of(ShellError.secretToolMissing)
        #expect(message[.en].contains("Install libsecret-tools"))
        #expect(message[.ko].contains("libsecret-tools를 설치한 뒤"))
    }

    @Test func logoutWithoutSecretToolSignsOutHereAndSaysTheServersSignInStays() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let remote = remote(try signedInThenToolRemoved(keyring))

        try remote.logout()

        #expect(try database.remoteTokens(userId: "u1") == nil)
        #expect(console.captured.contains("signing out on this device only"))
        #expect(console.captured.contains("stays valid until it expires"))
        #expect(ErrorMessage.of(ShellError.signedOutWithoutSecretTool)[.ko].contains("만료될 때까지 유효"))
    }
}
