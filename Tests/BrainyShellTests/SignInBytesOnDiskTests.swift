import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// What of a sign-in reaches the database file, read as bytes (as `strings` would), not as rows: a sign-in waiting
/// for the "remember me" answer writes nothing, its device cookie only once it is kept, and what is deleted is
/// overwritten where it lay (`secure_delete`) rather than left in the file's free space.
@Suite(.serialized) final class SignInBytesOnDiskTests {
    let folder: URL
    let path: String
    static let tokens = TokenKeeperTests.tokens
    static let cookieKey = "deviceCookie http://127.0.0.1:8080 mina@example.com"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("brainy.db").path
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Whether `text` is anywhere in the file or its logs.
    func onDisk(_ text: String) throws -> Bool {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        return bytes.range(of: Data(text.utf8)) != nil
    }

    static func cookie() -> String { "dc1.bWluYQ.\(UUID().uuidString).mac" }

    @Test func aSignInWaitingForTheAnswerWritesNothingAndANoNeverWritesItsCookie() throws {
        let database = try AppDatabase.openFile(at: path)
        let keeper = TokenKeeper(repository: database, keyring: nil)
        let cookie = Self.cookie()
        keeper.hold(Self.tokens, userId: "u1")
        keeper.holdDeviceCookie(cookie, key: Self.cookieKey, userId: "u1")
        // While the question is on screen: usable here, nothing of it in the file (a kill now leaves nothing).
        #expect(try keeper.tokens(userId: "u1") == Self.tokens)
        #expect(try database.remoteTokens(userId: "u1") == nil)
        #expect(try !onDisk(cookie))
        #expect(try !onDisk(Self.tokens.refreshToken))

        try keeper.keepInMemoryOnly(userId: "u1")
        #expect(keeper.holder(userId: "u1") == .memory)
        #expect(try database.syncValue(Self.cookieKey) == nil)
        #expect(try !onDisk(cookie))
        _ = keeper.forgetKeptInMemory()
        database.close()
        #expect(try !onDisk(cookie))
        #expect(try !onDisk(Self.tokens.refreshToken))
    }

    @Test func aSignInKeptWritesItsTokensAndItsCookie() throws {
        let database = try AppDatabase.openFile(at: path)
        let keeper = TokenKeeper(repository: database, keyring: nil)
        let cookie = Self.cookie()
        keeper.hold(Self.tokens, userId: "u1")
        keeper.holdDeviceCookie(cookie, key: Self.cookieKey, userId: "u1")

        try keeper.keep(userId: "u1")

        #expect(keeper.holder(userId: "u1") == .databaseFile)
        #expect(try database.syncValue(Self.cookieKey) == cookie)
        #expect(try TokenKeeper(repository: database, keyring: nil).tokens(userId: "u1") == Self.tokens)
        #expect(keeper.forgetKeptInMemory().isEmpty)
    }

    @Test func whatIsDeletedIsOverwrittenInTheFile() throws {
        let database = try AppDatabase.openFile(at: path)
        let keeper = TokenKeeper(repository: database, keyring: nil)
        let cookie = Self.cookie()
        try keeper.save(Self.tokens, userId: "u1")
        try database.setSyncValue(cookie, for: Self.cookieKey)
        try keeper.save(nil, userId: "u1")
        try database.setSyncValue(nil, for: Self.cookieKey)
        // Closed, the log is copied into the file and removed: what is left is the file itself.
        database.close()
        #expect(try !onDisk(cookie))
        #expect(try !onDisk(Self.tokens.refreshToken))
        #expect(try !onDisk(Self.tokens.accessToken))
    }
}

/// A refresh of a sign-in this shell keeps in memory only stays there, decided from what this shell holds, not from
/// the file's row: another shell that signed in to the same account meanwhile and kept it has replaced that row.
@Suite(.serialized) final class TokenKeeperRefreshRaceTests {
    let folder: URL
    let path: String
    static let tokens = TokenKeeperTests.tokens

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("brainy.db").path
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aRefreshOfTokensHeldInMemoryStaysThereWhenAnotherShellKeptItsOwn() throws {
        let database = try AppDatabase.openFile(at: path)
        let notKept = TokenKeeper(repository: database, keyring: nil)
        notKept.hold(Self.tokens, userId: "u1")
        try notKept.keepInMemoryOnly(userId: "u1")
        // Another shell signs in to the same account and keeps it (the file's row now holds its tokens).
        var others = Self.tokens
        others.refreshToken = "refresh-other-\(UUID().uuidString)"
        try TokenKeeper(repository: database, keyring: nil).save(others, userId: "u1", inMemory: false)
        var renewed = Self.tokens
        renewed.refreshToken = "refresh-renewed-\(UUID().uuidString)"

        try notKept.save(renewed, userId: "u1", replacing: Self.tokens)

        #expect(try notKept.tokens(userId: "u1") == renewed)
        #expect(try database.remoteTokens(userId: "u1") == others)
        database.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(renewed.refreshToken.utf8)) == nil)
    }

    @Test func aRefreshOfKeptTokensIsKeptWhereTheyWere() throws {
        let database = try AppDatabase.openFile(at: path)
        let keeper = TokenKeeper(repository: database, keyring: nil)
        try keeper.save(Self.tokens, userId: "u1")
        var renewed = Self.tokens
        renewed.refreshToken = "refresh-renewed-\(UUID().uuidString)"

        try keeper.save(renewed, userId: "u1", replacing: Self.tokens)

        #expect(try database.remoteTokens(userId: "u1") == renewed)
        #expect(keeper.holder(userId: "u1") == .databaseFile)
    }
}
