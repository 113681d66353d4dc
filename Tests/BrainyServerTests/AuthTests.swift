import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

@Suite struct AuthTests {
    @Test(arguments: StorageBackend.allCases)
    func checkEmailTellsWhetherAnAddressIsFree(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let before = try await client.post("/v1/auth/check-email", json: CheckEmailRequest(email: "Mina@Example.com"))
            #expect(before.status == .ok)
            #expect(try before.decode(CheckEmailResponse.self).available)
            _ = try await client.register("mina@example.com")
            let after = try await client.post("/v1/auth/check-email", json: CheckEmailRequest(email: " MINA@example.com"))
            #expect(try after.decode(CheckEmailResponse.self).available == false)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func registerGives201WithTokensThenLoginGivesAFreshPair(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let registered = try await client.post("/v1/auth/register",
                                                   json: RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            #expect(registered.status == .created)
            let session = try registered.decode(AuthResponse.self)
            #expect(session.user.email == "mina@example.com")
            #expect(session.user.displayName == "mina")
            #expect(session.expiresIn == 900)
            #expect(session.accessToken.split(separator: ".").count == 3)

            let login = try await client.post("/v1/auth/login",
                                              json: CredentialsRequest(email: "MINA@example.com", password: "correct horse"))
            #expect(login.status == .ok)
            let second = try login.decode(AuthResponse.self)
            #expect(second.user.id == session.user.id)
            #expect(second.refreshToken != session.refreshToken)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theConfigPasswordPolicyAndEmailFormatAreEnforced(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let short = try await client.post("/v1/auth/register",
                                              json: RegisterRequest(email: "mina@example.com", password: "short", consents: ConsentDocument.bundled.versions))
            #expect(short.status == .badRequest)
            #expect(short.error?.code == "password_too_short")
            let badEmail = try await client.post("/v1/auth/register",
                                                 json: RegisterRequest(email: "not-an-email", password: "correct horse", consents: ConsentDocument.bundled.versions))
            #expect(badEmail.status == .badRequest)
            #expect(badEmail.error?.code == "invalid_email")
            _ = try await client.register("mina@example.com")
            let taken = try await client.post("/v1/auth/register",
                                              json: RegisterRequest(email: "mina@example.com", password: "other horse", consents: ConsentDocument.bundled.versions))
            #expect(taken.status == .conflict)
            #expect(taken.error?.code == "email_taken")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func refreshRotatesAndLogoutEndsTheLogin(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(refreshed.status == .ok)
            let next = try refreshed.decode(AuthResponse.self)
            #expect(next.refreshToken != session.refreshToken)
            #expect(next.user.id == session.user.id)

            let logout = try await client.post("/v1/auth/logout", json: RefreshRequest(refreshToken: next.refreshToken))
            #expect(logout.status == .noContent)
            let afterLogout = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: next.refreshToken))
            #expect(afterLogout.status == .unauthorized)
            #expect(afterLogout.error?.code == "invalid_refresh_token")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func reusingARotatedRefreshTokenRevokesTheWholeLogin(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let other = try await client.post("/v1/auth/login",
                                              json: CredentialsRequest(email: "mina@example.com", password: "correct horse"))
                .decode(AuthResponse.self)
            let next = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
                .decode(AuthResponse.self)

            // Given a stolen copy of the first token is replayed...
            let replay = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(replay.status == .unauthorized)
            #expect(replay.error?.code == "refresh_token_reused")
            // ...then the token that replaced it is dead too,
            let rotated = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: next.refreshToken))
            #expect(rotated.status == .unauthorized)
            // while another login of the same account lives on.
            let elsewhere = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: other.refreshToken))
            #expect(elsewhere.status == .ok)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func tooManyFailuresLockTheAccountUntilTheLockoutEnds(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        let config = try ServedContent.bundled().config
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            _ = try await client.register("mina@example.com")
            let wrong = CredentialsRequest(email: "mina@example.com", password: "wrong password")
            for attempt in 1..<config.maxLoginAttempts {
                let response = try await client.post("/v1/auth/login", json: wrong)
                #expect(response.status == .unauthorized, "attempt \(attempt)")
                #expect(response.error?.code == "invalid_credentials")
            }
            let last = try await client.post("/v1/auth/login", json: wrong)
            #expect(last.status == .locked)
            let until = TestServer.start.addingTimeInterval(TimeInterval(config.lockoutMinutes * 60))
            #expect(last.error?.code == "account_locked")
            #expect(last.error?.lockedUntil == until)
            #expect(last.headers[.retryAfter] == String(config.lockoutMinutes * 60))

            let right = CredentialsRequest(email: "mina@example.com", password: "correct horse")
            let stillLocked = try await client.post("/v1/auth/login", json: right)
            #expect(stillLocked.status == .locked)
            #expect(stillLocked.error?.message.contains("2026-11-22T06:15:00Z") == true)

            clock.advance(by: TimeInterval(config.lockoutMinutes * 60))
            #expect(try await client.post("/v1/auth/login", json: right).status == .ok)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anUnknownEmailAndAWrongPasswordLookTheSame(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let response = try await client.post("/v1/auth/login",
                                                 json: CredentialsRequest(email: "nobody@example.com", password: "whatever1"))
            #expect(response.status == .unauthorized)
            #expect(response.error?.code == "invalid_credentials")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func accessTokensExpireAndRefreshTokensLastTheSessionTimeout(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        let config = try ServedContent.bundled().config
        try await TestServer.app(backend: backend, clock: clock).test(.router) { client in
            let session = try await client.register("mina@example.com")
            #expect(try await client.get("/v1/leaderboard/daily", token: session.accessToken).status == .ok)

            clock.advance(by: TimeInterval(session.expiresIn))
            let expired = try await client.get("/v1/leaderboard/daily", token: session.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(expired.error?.code == "token_expired")

            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
                .decode(AuthResponse.self)
            #expect(try await client.get("/v1/leaderboard/daily", token: refreshed.accessToken).status == .ok)

            clock.advance(by: TimeInterval(config.sessionTimeoutMinutes * 60))
            let late = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: refreshed.refreshToken))
            #expect(late.status == .unauthorized)
            #expect(late.error?.code == "session_expired")
        }
    }

    @Test func theSigningKeyAndAccountsSurviveARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        let clock = ManualClock(TestServer.start)
        let session = try await TestServer.app(clock: clock, databasePath: path).test(.router) { client in
            try await client.register("mina@example.com")
        }
        try await TestServer.app(clock: clock, databasePath: path).test(.router) { client in
            #expect(try await client.get("/v1/leaderboard/daily", token: session.accessToken).status == .ok)
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(refreshed.status == .ok)
        }
    }
}
