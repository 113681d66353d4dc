import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Signing out while the keyring that holds the tokens cannot be reached (locked, another login session) loses
/// nothing: `logout` is refused saying what to do, and the sign-in's row stays for a `logout` where the keyring answers.
/// In a real GNOME Keyring, headless, whose session ends under the shell.
@Suite(.serialized) final class KeyringSignOutTests {
    let folder: URL
    let database: AppDatabase
    static let user = SignedInUser(id: "u1", displayName: "mina@example.com", provider: .email)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-signout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try AppDatabase.openFile(at: folder.appendingPathComponent("brainy.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func remote(_ keeper: TokenKeeper) -> RemoteSession {
        RemoteSession(
            repository: database, console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true),
            serverOverride: nil, makeClient: nil, user: { Self.user }, now: { Date() },
            config: ConfigInForce(current: { RemoteConfig() }, adopt: { _ in }), signOut: {}, tokenKeeper: keeper)
    }

    @Test func signingOutWhileTheKeyringCannotBeReachedIsRefusedAndKeepsTheSignIn() throws {
        let keyring = try HeadlessKeyring()
        // Stopped early below, and here too when something throws first (stop runs once).
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        try TokenKeeper(repository: database, keyring: store).save(TokenKeeperTests.tokens, userId: "u1")
        keyring.stop()

        let remote = remote(TokenKeeper(repository: database, keyring: store))
        #expect(throws: ShellError.keyringUnavailableAtLogout) { try remote.logout() }

        #expect(try database.remoteTokens(userId: "u1") != nil)
        #expect(ErrorMessage.of(ShellError.keyringUnavailableAtLogout)[.en].contains("Unlock the keyring"))
        #expect(ErrorMessage.of(ShellError.keyringUnavailableAtLogout)[.ko].contains("잠금을 풀거나"))
    }

    /// A locked keyring whose unlock prompt is dismissed makes `secret-tool lookup` end as it does for nothing kept
    /// (status 1, not a word): read as nothing kept, `logout` would drop the row and leave the item and the server's
    /// sign-in behind.
    @Test func signingOutWhileTheKeyringIsLockedIsRefusedAndKeepsTheSignIn() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        try TokenKeeper(repository: database, keyring: store).save(TokenKeeperTests.tokens, userId: "u1")
        let key = try TokenKeeperTests.keptKey(database, userId: "u1")
        try keyring.lock()

        #expect(throws: SecretTool.Failure.locked) { try store.lookup(key) }
        #expect(throws: SecretTool.Failure.locked) { try store.clear(key) }
        let remote = remote(TokenKeeper(repository: database, keyring: store))
        #expect(throws: ShellError.keyringUnavailable) { try remote.keptTokens(userId: "u1") }
        #expect(throws: ShellError.keyringUnavailableAtLogout) { try remote.logout() }
        #expect(try database.remoteTokens(userId: "u1") != nil)
        // A key nothing was kept for is still nothing kept, locked or not.
        #expect(try store.lookup(SecretKey(server: key.server, account: key.account, slot: "none")) == nil)
    }

    @Test func signingOutWhenTheKeyringAnswersForgetsTheTokensThere() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)
        try keeper.save(TokenKeeperTests.tokens, userId: "u1")
        let key = try TokenKeeperTests.keptKey(database, userId: "u1")
        #expect(try store.lookup(key) != nil)

        try remote(keeper).logout()

        #expect(try database.remoteTokens(userId: "u1") == nil)
        #expect(try store.lookup(key) == nil)
    }
}
