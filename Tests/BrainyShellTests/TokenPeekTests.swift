import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// What must not wait on a keyring (the quiz-end ad, whose fetch is bounded) reads the tokens this run already knows:
/// those of the file, or those it last kept in or read from the keyring while no other shell renewed them. It never
/// starts `secret-tool`.
@Suite(.serialized) final class TokenPeekTests {
    let folder: URL
    let database: AppDatabase

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-peek-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try AppDatabase.openFile(at: folder.appendingPathComponent("brainy.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aPeekGivesOnlyTheTokensThisRunAlreadyKnows() throws {
        let keyring = try HeadlessKeyring()
        defer { keyring.stop() }
        let store = SecretServiceStore(tool: try TokenKeeperTests.tool(keyring.environment))
        let first = TokenKeeper(repository: database, keyring: store)
        try first.save(TokenKeeperTests.tokens, userId: "u1")
        #expect(first.peek(userId: "u1") == TokenKeeperTests.tokens)

        // Another run knows nothing until it has read the keyring.
        let second = TokenKeeper(repository: database, keyring: store)
        #expect(second.peek(userId: "u1") == nil)
        #expect(try second.tokens(userId: "u1") == TokenKeeperTests.tokens)
        #expect(second.peek(userId: "u1") == TokenKeeperTests.tokens)

        // Tokens the other run renewed since are not the ones this run knows.
        var renewed = TokenKeeperTests.tokens
        renewed.refreshToken = "refresh-renewed"
        try first.save(renewed, userId: "u1")
        #expect(second.peek(userId: "u1") == nil)
    }

    @Test func aPeekNeverStartsSecretTool() throws {
        // A secret-tool of the test's own: it notes each time it is started.
        let marker = folder.appendingPathComponent("secret-tool-ran")
        let program = folder.appendingPathComponent("secret-tool")
        try "#!/bin/sh\necho \"$1\" >> '\(marker.path)'\nexit 1\n".write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let keeper = TokenKeeper(repository: database, keyring: SecretServiceStore(tool: SecretTool(path: program.path)))
        // A sign-in whose tokens another run put in the keyring: the row holds its slot and mark only.
        var row = TokenKeeperTests.tokens
        row.accessToken = "keyring \(UUID().uuidString) \(UUID().uuidString)"
        row.refreshToken = ""
        try database.saveRemoteTokens(row, userId: "u1")

        #expect(keeper.peek(userId: "u1") == nil)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        // Reading them for a call does ask it.
        #expect(throws: SecretTool.Failure.self) { try keeper.tokens(userId: "u1") }
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }
}
