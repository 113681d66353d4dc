import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Two database files of one person (`--db` profiles, another HOME) signed in to the same account on the same server
/// each keep their own keyring item: neither reads nor overwrites the other's tokens, and a sign-out in one leaves the
/// other signed in. In a real GNOME Keyring, headless, as TokenKeeperTests.
@Suite(.serialized) final class KeyringSlotTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-slots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func database(_ name: String) throws -> AppDatabase {
        try AppDatabase.openFile(at: folder.appendingPathComponent("\(name).db").path)
    }

    static func tokens(_ refresh: String) -> RemoteTokens {
        RemoteTokens(server: "http://127.0.0.1:8080", accessToken: "access-\(refresh)", refreshToken: refresh,
                     accountId: "account-7")
    }

    @Test func twoDatabaseFilesOfOnePersonKeepTheirOwnTokens() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let home = try database("home"), work = try database("work")
        let homeTokens = Self.tokens("refresh-home-\(UUID().uuidString)")
        let workTokens = Self.tokens("refresh-work-\(UUID().uuidString)")

        try TokenKeeper(repository: home, keyring: store).save(homeTokens, userId: "u1")
        try TokenKeeper(repository: work, keyring: store).save(workTokens, userId: "u1")

        // Each file's next run reads its own sign-in back from the keyring.
        #expect(try TokenKeeper(repository: home, keyring: store).tokens(userId: "u1") == homeTokens)
        #expect(try TokenKeeper(repository: work, keyring: store).tokens(userId: "u1") == workTokens)
        // A renewal in one leaves the other's alone, and so does a sign-out.
        var renewed = workTokens
        renewed.refreshToken = "refresh-work-renewed"
        try TokenKeeper(repository: work, keyring: store).save(renewed, userId: "u1")
        #expect(try TokenKeeper(repository: work, keyring: store).tokens(userId: "u1") == renewed)
        try TokenKeeper(repository: work, keyring: store).save(nil, userId: "u1")
        #expect(try TokenKeeper(repository: home, keyring: store).tokens(userId: "u1") == homeTokens)
        #expect(try TokenKeeper(repository: work, keyring: store).tokens(userId: "u1") == nil)
    }
}
