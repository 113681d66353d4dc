import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 13: access tokens outlived the login they belonged to by up to 15 minutes, and the signing key sat in the
/// database in the clear.
@Suite struct RevocationTests {
    @Test(arguments: StorageBackend.allCases)
    func logoutEndsTheLoginsAccessTokensAtOnce(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let other = try await client.post("/v1/auth/login",
                                              json: CredentialsRequest(email: "mina@example.com", password: "correct horse"))
                .decode(AuthResponse.self)
            #expect(try await client.get("/v1/results/summary", token: session.accessToken).status == .ok)

            _ = try await client.post("/v1/auth/logout", json: RefreshRequest(refreshToken: session.refreshToken))
            let after = try await client.get("/v1/results/summary", token: session.accessToken)
            #expect(after.status == .unauthorized)
            #expect(after.error?.code == "session_ended")
            // The account's other login is untouched.
            #expect(try await client.get("/v1/results/summary", token: other.accessToken).status == .ok)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aReplayedRefreshTokenEndsEveryAccessTokenOfThatLogin(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let next = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
                .decode(AuthResponse.self)
            #expect(try await client.get("/v1/results/summary", token: next.accessToken).status == .ok)

            let replay = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(replay.error?.code == "refresh_token_reused")
            for token in [session.accessToken, next.accessToken] {
                let response = try await client.post("/v1/results", json: quizBatch("q1", correct: 1, count: 1, at: TestServer.start),
                                                     token: token)
                #expect(response.status == .unauthorized)
                #expect(response.error?.code == "session_ended")
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenThatNamesNoLoginIsRefused(_ backend: StorageBackend) async throws {
        let secret = "a-kept-secret-of-enough-bytes"
        try await TestServer.app(backend: backend, secret: secret).test(.router) { client in
            let session = try await client.register("mina@example.com")
            // Signed with the right key, as tokens were before they named their login.
            let old = try await AccessTokens(key: Array(secret.utf8), lifetime: 900).sign(
                .init(sub: session.user.id, sid: nil, iat: 0, exp: 4_102_444_800, iss: AccessTokens.issuer))
            let response = try await client.get("/v1/results/summary", token: old)
            #expect(response.status == .unauthorized)
            #expect(response.error?.code == "invalid_token")
        }
    }

    @Test func theSigningKeyLivesInAPrivateFileNotInTheDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        let session = try await TestServer.app(databasePath: path).test(.router) { client in
            try await client.register("mina@example.com")
        }
        let database = try ServerDatabase.openFile(at: path)
        #expect(try await database.legacySigningKey() == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: path + ".key")
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect((attributes[.size] as? Int ?? 0) >= 32)
        try await TestServer.app(databasePath: path).test(.router) { client in
            let summary = try await client.get("/v1/results/summary", token: session.accessToken)
            #expect(summary.status == .ok)
        }
    }

    @Test func aKeyAnOlderServerKeptInTheDatabaseMovesToTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        let legacy = [UInt8](repeating: 7, count: 32)
        let database = try ServerDatabase.openFile(at: path)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO signing_key (id, key) VALUES (1, ?)", arguments: [Data(legacy)])
        }
        _ = try await TestServer.app(databasePath: path).test(.router) { _ in }
        #expect(try await database.legacySigningKey() == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".key")) == Data(legacy))
    }
}
