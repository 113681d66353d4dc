import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// `POST /v1/auth/consent/decline`: the account a first social sign-in made before its terms were asked is deleted
/// when they are declined; any account that accepted once or holds data is kept whatever a client says.
@Suite struct ConsentDeclineTests {
    static let current = ConsentDocument.bundled.versions
    static let decline = "/v1/auth/consent/decline"

    /// A fresh social account (nothing accepted, nothing stored): deleted with its sign-ins; the same identity signing
    /// in again makes a new account, asked again.
    @Test(arguments: StorageBackend.allCases)
    func aFreshSocialAccountIsDeletedAndTheSameIdentityStartsAgain(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let first = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(first.consentRequired == Self.current)
            // Without a token, or with a forged one: 401, nothing deleted.
            #expect(try await client.post(Self.decline, raw: "").status == .unauthorized)
            #expect(try await client.post(Self.decline, raw: "", token: "forged.token.value").status == .unauthorized)
            #expect(try await client.post("/v1/auth/check-email", json: CheckEmailRequest(email: "mina@example.com"))
                .decode(CheckEmailResponse.self).available == false)

            let declined = try await client.post(Self.decline, raw: "", token: first.accessToken)
            #expect(declined.status == .noContent, "\(declined.text)")
            // Its sign-ins are dead: the refresh token, and the access token it still holds.
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: first.refreshToken))
            #expect(refreshed.status == .unauthorized)
            #expect(try await client.post(Self.decline, raw: "", token: first.accessToken).status == .unauthorized)
            #expect(try await client.post("/v1/auth/consent", json: ConsentRequest(consents: Self.current),
                                          token: first.accessToken).status == .unauthorized)
            // Nothing of it is left: its email is free.
            #expect(try await client.post("/v1/auth/check-email", json: CheckEmailRequest(email: "mina@example.com"))
                .decode(CheckEmailResponse.self).available)

            // The same identity again: a new account, asked again.
            let again = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(again.user.id != first.user.id)
            #expect(again.consentRequired == Self.current)
        }
    }

    /// A client that declines for an account that accepted the terms before (a social account that accepted, an
    /// email account, which accepts at register): 409 `account_in_use`, the account and its sign-in intact.
    @Test(arguments: StorageBackend.allCases)
    func anAccountThatAcceptedBeforeIsKept(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let social = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            let accepted = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: Self.current),
                                                 token: social.accessToken)
            #expect(try accepted.decode(ConsentResponse.self).consentRequired.isEmpty)
            let registered = try await client.register("joon@example.com")

            for session in [social, registered] {
                let refused = try await client.post(Self.decline, raw: "", token: session.accessToken)
                #expect(refused.status == .conflict, "\(refused.text)")
                #expect(refused.error?.code == "account_in_use")
                // Intact: the same tokens still work, and signing in again is the same account.
                #expect(try await client.get("/v1/results/summary", token: session.accessToken).status == .ok)
                let refreshed = try await client.post("/v1/auth/refresh",
                                                      json: RefreshRequest(refreshToken: session.refreshToken))
                #expect(try refreshed.decode(AuthResponse.self).user.id == session.user.id)
            }
            let again = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(again.user.id == social.user.id)
            #expect(again.consentRequired.isEmpty)
            #expect(try await client.login("joon@example.com").user.id == registered.user.id)
        }
    }

    /// An account that accepted nothing but holds data (as one kept from before the server asked for consent: its
    /// credit events written behind the server's back): 409 `account_in_use`, the account and its data intact.
    @Test(arguments: StorageBackend.allCases)
    func anAccountHoldingDataIsKept(_ backend: StorageBackend) async throws {
        let database = try await BackdoorDatabase(backend)
        defer { database.remove() }
        try await database.app { arguments, _ in arguments.devIdP = true }.test(.router) { client in
            let mina = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(mina.consentRequired == Self.current)
            try await database.keepCreditEvent(id: "start:mina", kind: "start", amount: 3, accountId: mina.user.id,
                                               at: TestServer.start)

            let refused = try await client.post(Self.decline, raw: "", token: mina.accessToken)
            #expect(refused.status == .conflict, "\(refused.text)")
            #expect(refused.error?.code == "account_in_use")
            let (kept, summed) = try await database.creditTotals(accountId: mina.user.id)
            #expect(summed == ["start": 3])
            #expect(kept == summed)
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: mina.refreshToken))
                .decode(AuthResponse.self)
            #expect(refreshed.user.id == mina.user.id)
            #expect(refreshed.consentRequired == Self.current)
        }
    }
}
