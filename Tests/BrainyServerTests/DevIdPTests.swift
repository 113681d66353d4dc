import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import JWTKit
import Testing
@testable import BrainyServer

/// `--dev-idp`: the device flow a shell runs against the development identity provider, ending in a sign-in.
@Suite struct DevIdPTests {
    @Test(arguments: StorageBackend.allCases)
    func theDeviceFlowEndsInASignInLikeALogin(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            // Given a device that asked for codes...
            let codes = try await client.startDeviceFlow()
            #expect(codes.userCode.wholeMatch(of: /[A-Z]{4}-[A-Z]{4}/) != nil)
            #expect(codes.verificationUri.hasPrefix("http"))
            #expect(codes.verificationUri.hasSuffix("/dev-idp/device"))
            #expect(codes.verificationUriComplete == codes.verificationUri + "?user_code=" + codes.userCode)
            #expect(codes.expiresIn == 600)
            #expect(codes.interval == 1)

            // ...polling before anyone approves is told to wait,
            let pending = try await client.pollToken(deviceCode: codes.deviceCode)
            #expect(pending.status == .badRequest)
            #expect(try pending.decode(DeviceTokenResponse.self).error == "authorization_pending")

            // ...and once approved gets an ID token, once.
            let approval = try await client.approve(codes.userCode, email: "Mina@Example.com")
            #expect(approval.status == .ok)
            #expect(try approval.decode(DevIdPController.ApprovalResult.self)
                    == DevIdPController.ApprovalResult(provider: .google, approved: true))
            let issued = try await client.pollToken(deviceCode: codes.deviceCode)
            #expect(issued.status == .ok)
            let token = try issued.decode(DevIdPController.TokenResponse.self)
            #expect(token.tokenType == "Bearer")
            #expect(token.expiresIn == 600)
            let again = try await client.pollToken(deviceCode: codes.deviceCode)
            #expect(try again.decode(DeviceTokenResponse.self).error == "invalid_grant")

            // When the shell hands the token to /v1/auth/social, it is signed in like a login.
            let signIn = try await client.socialSignIn(idToken: token.idToken)
            #expect(signIn.status == .ok)
            let session = try signIn.decode(AuthResponse.self)
            #expect(session.user == AccountPayload(id: session.user.id, email: "mina@example.com", displayName: "mina",
                                                   provider: .google))
            #expect(session.expiresIn == 900)
            // A first social sign-in made the account: the terms and privacy policy are accepted before its data.
            #expect(session.consentRequired == ConsentDocument.bundled.versions)
            #expect(try await client.get("/v1/leaderboard/daily", token: session.accessToken).status == .forbidden)
            _ = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: session.consentRequired),
                                      token: session.accessToken)
            #expect(try await client.get("/v1/leaderboard/daily", token: session.accessToken).status == .ok)
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(refreshed.status == .ok)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theIDTokenCarriesTheDevelopmentClaims(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let idToken = try await client.devIDToken(.apple, email: "mina@example.com")
            let payload = try #require(Base64URL.decode(idToken.split(separator: ".")[1]))
            let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            #expect(claims["iss"] as? String == "brainy-dev-idp/apple")
            #expect(claims["aud"] as? String == "brainy-dev-apple")
            #expect(claims["azp"] as? String == "brainy-dev-apple")
            #expect(claims["sub"] as? String == DevIdentityProvider.subject(for: "mina@example.com"))
            #expect(claims["email"] as? String == "mina@example.com")
            #expect(claims["email_verified"] as? Bool == true)
            let issuedAt = Int(TestServer.start.timeIntervalSince1970)
            #expect(claims["iat"] as? Int == issuedAt)
            #expect(claims["exp"] as? Int == issuedAt + 600)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theApprovalPageIsAFormThatApprovesOrDenies(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let codes = try await client.startDeviceFlow(.apple)
            let page = try await client.get("/dev-idp/device?user_code=\(codes.userCode)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("value=\"\(codes.userCode)\""))
            #expect(page.text.contains("Sign in to Brainy with Apple"))
            #expect(page.text.contains("name=\"action\" value=\"approve\""))

            let approved = try await client.postForm("/dev-idp/device", ["user_code": codes.userCode.lowercased(),
                                                                         "email": "mina@example.com", "action": "approve"])
            #expect(approved.status == .ok)
            #expect(approved.text.contains("Approved"))
            #expect(try await client.pollToken(.apple, deviceCode: codes.deviceCode).status == .ok)

            let denied = try await client.startDeviceFlow(.apple)
            let denial = try await client.postForm("/dev-idp/device", ["user_code": denied.userCode, "action": "deny"])
            #expect(denial.text.contains("Denied"))
            let answer = try await client.pollToken(.apple, deviceCode: denied.deviceCode)
            #expect(try answer.decode(DeviceTokenResponse.self).error == "access_denied")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theApprovalPageEscapesWhatItEchoes(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let page = try await client.postForm("/dev-idp/device", ["user_code": "<script>x</script>",
                                                                     "email": "mina@example.com", "action": "approve"])
            #expect(page.status == .badRequest)
            #expect(!page.text.contains("<script>"))
            #expect(page.text.contains("&lt;script&gt;"))
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func unknownCodesAndBadEmailsAreRefused(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let unknown = try await client.approve("BCDF-GHJK", email: "mina@example.com")
            #expect(unknown.status == .badRequest)
            #expect(unknown.error?.code == "invalid_user_code")
            let codes = try await client.startDeviceFlow()
            let badEmail = try await client.approve(codes.userCode, email: "not an email")
            #expect(badEmail.error?.code == "invalid_email")
            let wrongClient = try await client.postForm("/dev-idp/google/device/code", ["client_id": "someone-else"])
            #expect(wrongClient.status == .unauthorized)
            #expect(try wrongClient.decode(DeviceTokenResponse.self).error == "invalid_client")
            let wrongGrant = try await client.postForm("/dev-idp/google/token", ["grant_type": "password"])
            #expect(try wrongGrant.decode(DeviceTokenResponse.self).error == "unsupported_grant_type")
            let otherProvider = try await client.pollToken(.apple, deviceCode: codes.deviceCode)
            #expect(try otherProvider.decode(DeviceTokenResponse.self).error == "invalid_grant")
            let wrongMethod = try await client.execute(uri: "/dev-idp/google/jwks", method: .delete)
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "GET")
            let nowhere = try await client.startDeviceFlowResponse("facebook")
            #expect(nowhere.status == .notFound)
            #expect(nowhere.error?.code == "unknown_provider")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func codesExpireAfterTenMinutes(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(backend: backend, clock: clock).test(.router) { client in
            let codes = try await client.startDeviceFlow()
            clock.advance(by: 601)
            let late = try await client.approve(codes.userCode, email: "mina@example.com")
            #expect(late.error?.code == "expired_user_code")
            let poll = try await client.pollToken(deviceCode: codes.deviceCode)
            #expect(try poll.decode(DeviceTokenResponse.self).error == "expired_token")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theJWKSIsTheKeyTheTokensVerifyWith(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let response = try await client.get("/dev-idp/google/jwks")
            #expect(response.status == .ok)
            let keySet = try response.decode(JWKS.self)
            #expect(keySet.keys.count == 1)
            #expect(keySet.keys.first?.keyIdentifier?.string == IDTokenSigner(key: TestKeys.devIdP).kid)
            #expect(keySet.keys.first?.exponent == "AQAB")
            // Each provider's tokens read as jwt-kit's type for it: GoogleIdentityToken, AppleIdentityToken.
            for provider in DevIdentityProvider.providers {
                let idToken = try await client.devIDToken(provider, email: "mina@example.com")
                let verifier = IDTokenVerifier(provider: provider, issuers: [DevIdentityProvider.issuer(for: provider)],
                                               audience: DevIdentityProvider.clientId(for: provider),
                                               keys: StaticJWKSource(keySet), clock: ManualClock(TestServer.start))
                #expect(try await verifier.verify(idToken).verifiedEmail == "mina@example.com", "\(provider)")
            }
        }
    }
}

extension TestClientProtocol {
    func startDeviceFlowResponse(_ provider: String) async throws -> TestResponse {
        try await postForm("/dev-idp/\(provider)/device/code", ["client_id": "brainy-dev-\(provider)"])
    }
}
