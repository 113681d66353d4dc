import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// A sign-in this computer is not to keep ("remember me" answered no): its tokens live in the keeper's memory only.
/// With a real headless GNOME Keyring that answers, so that "not in the keyring" means something: the keyring holds
/// no item, the database file not a byte of either token, another run cannot use them, and forgetting them at `exit`
/// leaves no row saying anyone is signed in.
@Suite(.serialized) final class TokenKeeperMemoryTests {
    let folder: URL
    let database: AppDatabase
    let path: String
    static let tokens = TokenKeeperTests.tokens

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("brainy.db").path
        database = try AppDatabase.openFile(at: path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func onDisk(_ text: String) throws -> Bool {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        return bytes.range(of: Data(text.utf8)) != nil
    }

    /// Every item the keyring holds, as `secret-tool search --all` lists them to anyone in the session.
    func keyringListing(_ keyring: HeadlessKeyring) throws -> String {
        let run = try TokenKeeperTests.tool(keyring.environment).run(["search", "--all", "server", Self.tokens.server])
        return run.output + run.complaint
    }

    @Test func tokensKeptInMemoryReachNeitherTheKeyringNorTheFile() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)

        try keeper.save(Self.tokens, userId: "u1", inMemory: true)

        #expect(keeper.holder(userId: "u1") == .memory)
        #expect(try keeper.tokens(userId: "u1") == Self.tokens)
        #expect(keeper.peek(userId: "u1") == Self.tokens)
        #expect(try !onDisk(Self.tokens.refreshToken))
        #expect(try !onDisk(Self.tokens.accessToken))
        #expect(try !keyringListing(keyring).contains(Self.tokens.accountId))
        // Another run (another shell on the file) sees a sign-in it cannot use.
        #expect(throws: SecretTool.Failure.nothingKept) {
            try TokenKeeper(repository: database, keyring: store).tokens(userId: "u1")
        }

        // Renewed tokens (a refresh, which does not say where) stay in memory.
        var renewed = Self.tokens
        renewed.refreshToken = "refresh-renewed-\(UUID().uuidString)"
        try keeper.save(renewed, userId: "u1")
        #expect(keeper.holder(userId: "u1") == .memory)
        #expect(try keeper.tokens(userId: "u1") == renewed)
        #expect(try !onDisk(renewed.refreshToken))

        // At exit: handed back for the server to be told, and the row goes.
        let forgotten = keeper.forgetKeptInMemory()
        #expect(forgotten.map(\.userId) == ["u1"] && forgotten.map(\.tokens) == [renewed])
        #expect(keeper.holder(userId: "u1") == nil)
        #expect(try database.remoteTokens(userId: "u1") == nil)
        #expect(try keeper.tokens(userId: "u1") == nil)
        #expect(try !keyringListing(keyring).contains(Self.tokens.accountId))
    }

    @Test func aSignInToBeRememberedIsWrittenWhereTokensAreKept() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)
        try keeper.save(Self.tokens, userId: "u1", inMemory: true)

        try keeper.keep(userId: "u1")

        #expect(keeper.holder(userId: "u1") == .keyring)
        #expect(try TokenKeeper(repository: database, keyring: store).tokens(userId: "u1") == Self.tokens)
        #expect(try keyringListing(keyring).contains(Self.tokens.accountId))
        // Nothing is left in memory to forget at exit.
        #expect(keeper.forgetKeptInMemory().isEmpty)
        #expect(keeper.holder(userId: "u1") == .keyring)
    }

    @Test func aSignInNotRememberedAfterOneThatWasClearsTheKeyringsItem() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let keeper = TokenKeeper(repository: database, keyring: store)
        try keeper.save(Self.tokens, userId: "u1")
        #expect(try keyringListing(keyring).contains(Self.tokens.accountId))
        var again = Self.tokens
        again.refreshToken = "refresh-again-\(UUID().uuidString)"

        try keeper.save(again, userId: "u1", inMemory: true)

        #expect(keeper.holder(userId: "u1") == .memory)
        #expect(try !keyringListing(keyring).contains(Self.tokens.accountId))
        #expect(try !onDisk(again.refreshToken))
    }

    @Test func aRowLeftInMemoryByAKilledShellIsForgottenAndNoOtherIs() throws {
        // The row a killed shell left: who was signed in where, no token.
        let killed = TokenKeeper(repository: database, keyring: nil)
        try killed.save(Self.tokens, userId: "u1", inMemory: true)
        let fileKept = TokenKeeper(repository: database, keyring: nil)
        try fileKept.save(Self.tokens, userId: "u2")

        let next = TokenKeeper(repository: database, keyring: nil)
        next.forgetLeftInMemory(userId: "u1")
        next.forgetLeftInMemory(userId: "u2")

        #expect(try database.remoteTokens(userId: "u1") == nil)
        #expect(try database.remoteTokens(userId: "u2") == Self.tokens)
    }
}
