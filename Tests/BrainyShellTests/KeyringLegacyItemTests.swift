import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// A sign-in kept in the keyring before slots were (its row `keyring <mark>`, its item `service=brainy server=…
/// account=…` with no slot) moves to a slotted item at its next save (any token refresh) and keeps working, and
/// neither that move nor a legacy lookup reaches another database file's slotted item for the same account. In a real
/// GNOME Keyring, headless, as TokenKeeperTests.
@Suite(.serialized) final class KeyringLegacyItemTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func database(_ name: String) throws -> AppDatabase {
        try AppDatabase.openFile(at: folder.appendingPathComponent("\(name).db").path)
    }

    /// Puts a sign-in as a shell from before slots kept it: the tokens in an unslotted item, the row naming a mark only.
    func keepAsBeforeSlots(_ tokens: RemoteTokens, in database: AppDatabase, store: SecretServiceStore) throws {
        let secret = #"{"accessToken":"\#(tokens.accessToken)","refreshToken":"\#(tokens.refreshToken)"}"#
        try store.store(secret, for: SecretKey(server: tokens.server, account: tokens.accountId))
        var row = tokens
        row.accessToken = "keyring \(UUID().uuidString)"
        row.refreshToken = ""
        try database.saveRemoteTokens(row, userId: "u1")
    }

    @Test func aLegacySignInRenewedKeepsItsNewTokensAndLeavesTheOtherProfilesItem() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let home = try database("home"), work = try database("work")
        let legacy = KeyringSlotTests.tokens("refresh-legacy-\(UUID().uuidString)")
        let workTokens = KeyringSlotTests.tokens("refresh-work-\(UUID().uuidString)")
        // Another profile of the same person, signed in to the same account since slots were.
        try TokenKeeper(repository: work, keyring: store).save(workTokens, userId: "u1")
        try keepAsBeforeSlots(legacy, in: home, store: store)
        // The upgraded shell reads the legacy item, and only it.
        #expect(try TokenKeeper(repository: home, keyring: store).tokens(userId: "u1") == legacy)

        // A token refresh saves the new tokens: they go to a slotted item, and the legacy item goes.
        let renewed = KeyringSlotTests.tokens("refresh-renewed-\(UUID().uuidString)")
        try TokenKeeper(repository: home, keyring: store).save(renewed, userId: "u1")

        #expect(try TokenKeeper(repository: home, keyring: store).tokens(userId: "u1") == renewed)
        #expect(try TokenKeeperTests.keptKey(home, userId: "u1").slot.isEmpty == false)
        #expect(try store.lookup(SecretKey(server: legacy.server, account: legacy.accountId)) == nil)
        // The other profile's item is where it was.
        #expect(try TokenKeeper(repository: work, keyring: store).tokens(userId: "u1") == workTokens)
    }

    @Test func aLegacyLookupNeverReadsAnotherProfilesTokens() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let work = try database("work")
        try TokenKeeper(repository: work, keyring: store).save(KeyringSlotTests.tokens("refresh-work"), userId: "u1")

        // A legacy row whose item a keyring manager removed: nothing is kept for it, whatever the other profile has.
        let home = try database("home")
        var row = KeyringSlotTests.tokens("unused")
        row.accessToken = "keyring \(UUID().uuidString)"
        row.refreshToken = ""
        try home.saveRemoteTokens(row, userId: "u1")

        #expect(throws: SecretTool.Failure.nothingKept) {
            try TokenKeeper(repository: home, keyring: store).tokens(userId: "u1")
        }
        #expect(try store.lookup(SecretKey(server: row.server, account: row.accountId)) == nil)
    }
}
