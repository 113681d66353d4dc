import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Where the signed-in account's tokens are kept: in a real GNOME Keyring (headless, in a session bus of the test's
/// own) when one answers, and then nowhere in the database file; in the owner-only database file as before when no
/// session bus answers. With the real `secret-tool`, `gnome-keyring-daemon` and `dbus-run-session`, which
/// scripts/setup installs: without them these tests fail saying so.
@Suite(.serialized) final class TokenKeeperTests {
    let folder: URL
    let database: AppDatabase
    let path: String

    static let tokens = RemoteTokens(server: "http://127.0.0.1:8080", accessToken: "access-\(UUID().uuidString)",
                                     refreshToken: "refresh-\(UUID().uuidString)", accountId: "account-7")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("brainy.db").path
        database = try AppDatabase.openFile(at: path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Every byte the database keeps on disk: the file, and its write-ahead log.
    func bytesOnDisk() throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        return bytes
    }

    func onDisk(_ text: String) throws -> Bool {
        try bytesOnDisk().range(of: Data(text.utf8)) != nil
    }

    static func tool(_ environment: [String: String]) throws -> SecretTool {
        let tool = SecretTool(path: SecretTool.onPath().path, environment: environment)
        guard tool.path != nil else {
            throw HeadlessKeyring.notInstalled(["secret-tool"])
        }
        return tool
    }

    /// The keyring item's key of the user's sign-in, with the slot the database's row names (`keyring <slot> <mark>`).
    static func keptKey(_ database: AppDatabase, userId: String) throws -> SecretKey {
        let row = try #require(try database.remoteTokens(userId: userId))
        let words = row.accessToken.split(separator: " ")
        try #require(words.count == 3 && words[0] == "keyring" && row.refreshToken.isEmpty, "\(row)")
        return SecretKey(server: row.server, account: row.accountId, slot: String(words[1]))
    }

    @Test func aKeyringThatAnswersHoldsTheTokensAndTheDatabaseFileNone() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try Self.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)

        try keeper.save(Self.tokens, userId: "u1")

        #expect(keeper.holder(userId: "u1") == .keyring)
        #expect(try keeper.tokens(userId: "u1") == Self.tokens)
        // A keeper of another run (a new shell) reads them back from the keyring.
        #expect(try TokenKeeper(repository: database, keyring: store).tokens(userId: "u1") == Self.tokens)
        // The keyring holds them under the sign-in's server, account and slot, as secret-tool shows them to anyone.
        let key = try Self.keptKey(database, userId: "u1")
        let kept = try #require(try store.lookup(key))
        #expect(kept.contains(Self.tokens.refreshToken))
        // The database file keeps who is signed in where, and not a byte of either token.
        #expect(try onDisk(Self.tokens.accountId))
        #expect(try !onDisk(Self.tokens.refreshToken))
        #expect(try !onDisk(Self.tokens.accessToken))
    }

    @Test func renewedTokensReplaceTheKeyringsAndSigningOutClearsThem() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try Self.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)
        try keeper.save(Self.tokens, userId: "u1")
        let key = try Self.keptKey(database, userId: "u1")
        var renewed = Self.tokens
        renewed.accessToken = "access-renewed"
        renewed.refreshToken = "refresh-renewed"

        try keeper.save(renewed, userId: "u1")
        #expect(try keeper.tokens(userId: "u1") == renewed)

        try keeper.save(nil, userId: "u1")
        #expect(try keeper.tokens(userId: "u1") == nil)
        #expect(keeper.holder(userId: "u1") == nil)
        #expect(try store.lookup(key) == nil)
        #expect(try !onDisk("refresh-renewed"))
    }

    @Test func tokensAnotherShellRenewedAreReadAgain() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try Self.tool(keyring.environment))
        let mine = TokenKeeper(repository: database, keyring: store)
        try mine.save(Self.tokens, userId: "u1")
        #expect(try mine.tokens(userId: "u1") == Self.tokens)
        var renewed = Self.tokens
        renewed.refreshToken = "refresh-renewed-by-the-other-shell"

        // A second shell on the same file renews the tokens: this one reads the new ones, not those it read before.
        try TokenKeeper(repository: database, keyring: store).save(renewed, userId: "u1")

        #expect(try mine.tokens(userId: "u1") == renewed)
    }

    @Test func withoutASessionBusTheDatabaseFileHoldsTheTokensAsBefore() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["XDG_RUNTIME_DIR"] = folder.path
        let store = SecretServiceStore(tool: try Self.tool(environment))
        // secret-tool runs and refuses: no bus answers.
        #expect(throws: SecretTool.Failure.self) { try store.store("x", for: SecretKey(server: "s", account: "a")) }
        let keeper = TokenKeeper(repository: database, keyring: store)

        try keeper.save(Self.tokens, userId: "u1")

        #expect(keeper.holder(userId: "u1") == .databaseFile)
        #expect(try keeper.tokens(userId: "u1") == Self.tokens)
        #expect(try database.remoteTokens(userId: "u1") == Self.tokens)
        // As before: the owner-only file holds the refresh token (the bytes the keyring case finds none of).
        #expect(try onDisk(Self.tokens.refreshToken))
        try keeper.save(nil, userId: "u1")
        #expect(try keeper.tokens(userId: "u1") == nil)
    }

    @Test func aMachineWithoutSecretToolKeepsTheTokensInTheDatabaseFile() throws {
        let keeper = TokenKeeper(repository: database, keyring: SecretServiceStore(tool: SecretTool(path: nil)))
        try keeper.save(Self.tokens, userId: "u1")
        #expect(keeper.holder(userId: "u1") == .databaseFile)
        #expect(try keeper.tokens(userId: "u1") == Self.tokens)
    }

    @Test func tokensTheKeyringNoLongerHasCannotBeUsed() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try Self.tool(keyring.environment))
        try TokenKeeper(repository: database, keyring: store).save(Self.tokens, userId: "u1")
        keyring.stop()

        // The keyring's session has ended (another login session, say): the sign-in is not usable here.
        #expect(throws: SecretTool.Failure.self) {
            try TokenKeeper(repository: database, keyring: store).tokens(userId: "u1")
        }
    }
}
