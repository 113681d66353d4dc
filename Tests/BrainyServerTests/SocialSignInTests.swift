import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import JWTKit
import Testing
@testable import BrainyServer

/// `POST /v1/auth/social` and `GET /v1/auth/providers`: linking identities to accounts, and every way a token is
/// refused.
@Suite struct SocialSignInTests {
    // MARK: Linking

    @Test(arguments: StorageBackend.allCases)

    func signingInAgainWithTheSameEmailIsTheSameAccount(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let first = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            let second = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(second.user.id == first.user.id)
            #expect(second.refreshToken != first.refreshToken)
            // Apple with the same verified email links to the same account.
            let apple = try await client.socialSignIn(.apple, idToken: client.devIDToken(.apple, email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(apple.user.id == first.user.id)
            let other = try await client.socialSignIn(idToken: client.devIDToken(email: "joon@example.com"))
                .decode(AuthResponse.self)
            #expect(other.user.id != first.user.id)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anEmailAccountWithTheSameEmailIsLinked(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let registered = try await client.register("mina@example.com")
            let social = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
            #expect(social.status == .ok)
            let session = try social.decode(AuthResponse.self)
            #expect(session.user == registered.user)
            // The password still works for the account it belongs to.
            let login = try await client.post("/v1/auth/login",
                                              json: CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            #expect(login.status == .ok)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aSocialAccountCannotLogInWithAPassword(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            _ = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
            for password in ["", "correct horse", "anything at all"] {
                let login = try await client.post("/v1/auth/login",
                                                  json: CredentialsRequest(email: "mina@example.com", password: password))
                #expect(login.status == .unauthorized)
                #expect(login.error?.code == "password_not_set")
                #expect(login.error?.message.contains("Google") == true)
            }
            let register = try await client.post("/v1/auth/register",
                                                 json: RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            #expect(register.error?.code == "email_taken")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenWithoutAVerifiedEmailCannotMakeAnAccount(_ backend: StorageBackend) async throws {
        try await TestServer.googleApp(backend: backend).test(.router) { client in
            var claims = TestTokens.googleClaims()
            claims["email_verified"] = false
            let response = try await client.socialSignIn(idToken: try await TestTokens.make(claims))
            #expect(response.status == .unauthorized)
            #expect(response.error?.message.contains("verified email") == true)
            // Apple has sent the flag as a string.
            claims["email_verified"] = "true"
            #expect(try await client.socialSignIn(idToken: try await TestTokens.make(claims)).status == .ok)
        }
    }

    // MARK: Providers

    @Test(arguments: StorageBackend.allCases)

    func theDevelopmentIdPOffersBothProvidersAsPaths(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let providers = try await client.get("/v1/auth/providers").decode(SocialProvidersResponse.self).providers
            #expect(providers == [
                SocialProviderInfo(provider: .google, clientId: "brainy-dev-google",
                                   deviceAuthorizationEndpoint: "/dev-idp/google/device/code",
                                   tokenEndpoint: "/dev-idp/google/token", development: true),
                SocialProviderInfo(provider: .apple, clientId: "brainy-dev-apple",
                                   deviceAuthorizationEndpoint: "/dev-idp/apple/device/code",
                                   tokenEndpoint: "/dev-idp/apple/token", development: true),
            ])
        }
    }

    @Test func realGoogleIsOfferedWithItsEndpointsAndAppleIsNot() async throws {
        try await TestServer.googleApp { arguments, _ in
            arguments.googleClientSecret = "GOCSPX-test"
            arguments.appleClientId = "com.example.brainy"
        }.test(.router) { client in
            let providers = try await client.get("/v1/auth/providers").decode(SocialProvidersResponse.self).providers
            #expect(providers == [
                SocialProviderInfo(provider: .google, clientId: TestTokens.googleClientId, clientSecret: "GOCSPX-test",
                                   deviceAuthorizationEndpoint: "https://oauth2.googleapis.com/device/code",
                                   tokenEndpoint: "https://oauth2.googleapis.com/token", development: false),
            ])
            // The development IdP is not there without --dev-idp.
            #expect(try await client.get("/dev-idp/device").status == .notFound)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func withoutClientIdsNothingIsOfferedAndSocialSignInIsRefused(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let providers = try await client.get("/v1/auth/providers").decode(SocialProvidersResponse.self)
            #expect(providers.providers.isEmpty)
            let response = try await client.socialSignIn(idToken: try await TestTokens.make(TestTokens.googleClaims()))
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "provider_not_enabled")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aProviderThatIsNotConfiguredIsRefused(_ backend: StorageBackend) async throws {
        try await TestServer.googleApp(backend: backend).test(.router) { client in
            for provider in [AuthProvider.apple, .email, .guest] {
                let response = try await client.socialSignIn(provider, idToken: try await TestTokens.make(TestTokens.googleClaims()))
                #expect(response.status == .badRequest, "\(provider)")
                #expect(response.error?.code == "provider_not_enabled", "\(provider)")
            }
        }
    }

    @Test func theConfigCanTurnAProviderOff() async throws {
        var content = try ServedContent.bundled()
        // Only `config` is read for sign-in; the served JSON copy is left as it is.
        content.config.authMethodsEnabled = ["guest", "email", "apple"]
        try await TestServer.googleApp { _, environment in environment.content = content }.test(.router) { client in
            let response = try await client.socialSignIn(idToken: try await TestTokens.make(TestTokens.googleClaims()))
            #expect(response.status == .forbidden)
            #expect(response.error?.code == "login_method_disabled")
            let providers = try await client.get("/v1/auth/providers").decode(SocialProvidersResponse.self)
            #expect(providers.providers.isEmpty)
        }
    }

    // MARK: Refusals

    @Test(arguments: StorageBackend.allCases)

    func aTokenFromGoogleSignsIn(_ backend: StorageBackend) async throws {
        try await TestServer.googleApp(backend: backend).test(.router) { client in
            let response = try await client.socialSignIn(idToken: try await TestTokens.make(TestTokens.googleClaims()))
            #expect(response.status == .ok)
            #expect(try response.decode(AuthResponse.self).user.provider == .google)
        }
    }

    /// Each bad token, and the words its refusal must use.
    static func badTokens() async throws -> [(name: String, token: String, says: String)] {
        let good = TestTokens.googleClaims()
        func with(_ key: String, _ value: Any?) -> [String: Any] {
            var claims = good
            claims[key] = value
            return claims
        }
        let start = Int(TestServer.start.timeIntervalSince1970)
        // HS256 keyed with the public key's modulus: the algorithm-confusion attack.
        let hs256 = try await JWTKeyCollection()
            .add(hmac: HMACKey(from: Array((TestTokens.signer.keySet.keys.first?.modulus ?? "").utf8)),
                 digestAlgorithm: .sha256)
            .sign(TestTokens.AnyClaims(fields: good.mapValues(TestTokens.field)))
        return [
            ("forged", try await TestTokens.make(good, signedBy: TestTokens.forger), "signature"),
            ("tampered", try await Self.tampered(TestTokens.make(good)), "signature"),
            ("expired", try await TestTokens.make(with("exp", start - 61)), "expired"),
            ("wrong audience", try await TestTokens.make(with("aud", "someone-else.apps.googleusercontent.com")), "audience"),
            ("wrong issuer", try await TestTokens.make(with("iss", "https://evil.example.com")), "issued by"),
            ("dev issuer", try await TestTokens.make(with("iss", "brainy-dev-idp/google")), "issued by"),
            ("future iat", try await TestTokens.make(with("iat", start + 3600)), "not valid yet"),
            ("no subject", try await TestTokens.make(with("sub", nil)), "subject"),
            ("no azp, which Google's token type requires", try await TestTokens.make(with("azp", nil)), "'azp'"),
            ("no iat", try await TestTokens.make(with("iat", nil)), "'iat'"),
            ("alg none", try TestTokens.unsigned(good, header: ["alg": "none", "typ": "JWT"]), "only RS256"),
            ("HS256 with the public key", hs256, "only RS256"),
            ("unknown kid", try await TestTokens.make(good, header: ["alg": "RS256", "kid": "nope"]), "kid"),
            ("malformed", "not.a-token", "malformed"),
            ("two parts", "eyJhbGciOiJSUzI1NiJ9.e30", "malformed"),
            ("garbage header", "!!!.e30.abc", "malformed"),
            ("empty", "", "malformed"),
        ]
    }

    static func tampered(_ token: String) throws -> String {
        var parts = token.split(separator: ".").map(String.init)
        var claims = TestTokens.googleClaims()
        claims["email"] = "boss@example.com"
        parts[1] = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        return parts.joined(separator: ".")
    }

    @Test(arguments: StorageBackend.allCases)

    func badTokensAreRefusedSayingWhatWasWrong(_ backend: StorageBackend) async throws {
        try await TestServer.googleApp(backend: backend).test(.router) { client in
            for bad in try await Self.badTokens() {
                let response = try await client.socialSignIn(idToken: bad.token)
                #expect(response.status == .unauthorized, "\(bad.name): \(response.text)")
                #expect(response.error?.code == "invalid_id_token", "\(bad.name)")
                #expect(response.error?.message.contains(bad.says) == true, "\(bad.name): \(response.error?.message ?? "")")
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aDevelopmentTokenExpiresAfterTenMinutes(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(backend: backend, clock: clock).test(.router) { client in
            let idToken = try await client.devIDToken(email: "mina@example.com")
            clock.advance(by: 600 + 59)
            #expect(try await client.socialSignIn(idToken: idToken).status == .ok)
            clock.advance(by: 2)
            let late = try await client.socialSignIn(idToken: idToken)
            #expect(late.status == .unauthorized)
            #expect(late.error?.message.contains("expired") == true)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenForgedWithTheDevelopmentKeyIdIsRefused(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let kid = try await client.get("/dev-idp/google/jwks").decode(JWKS.self).keys[0].keyIdentifier?.string ?? ""
            let start = Int(TestServer.start.timeIntervalSince1970)
            let claims: [String: Any] = ["iss": "brainy-dev-idp/google", "aud": "brainy-dev-google", "sub": "x",
                                         "email": "mina@example.com", "email_verified": true, "iat": start,
                                         "exp": start + 600]
            let forged = try await TestTokens.make(claims, header: ["alg": "RS256", "kid": kid], signedBy: TestTokens.forger)
            let response = try await client.socialSignIn(idToken: forged)
            #expect(response.status == .unauthorized)
            #expect(response.error?.message.contains("signature") == true)
            // A Google token is not accepted for the development Apple either.
            let google = try await client.devIDToken(.google, email: "mina@example.com")
            let crossed = try await client.socialSignIn(.apple, idToken: google)
            #expect(crossed.error?.message.contains("issued by") == true)
        }
    }
}
