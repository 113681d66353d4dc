import BrainyKit
import Foundation
import JWTKit
import Testing
@testable import BrainyServer

/// Google's and Apple's tokens read as jwt-kit's `GoogleIdentityToken` and `AppleIdentityToken`, their times judged
/// by the server's clock.
@Suite struct VendorIDTokenTests {
    static let appleClientId = "com.example.brainy"

    func verifier(_ provider: AuthProvider, clock: any BrainyClock = ManualClock(TestServer.start)) -> IDTokenVerifier {
        switch provider {
        case .apple:
            IDTokenVerifier(provider: .apple, issuers: ["https://appleid.apple.com"], audience: Self.appleClientId,
                            keys: StaticJWKSource(TestTokens.signer.keySet), clock: clock)
        default:
            IDTokenVerifier(provider: .google, issuers: ["https://accounts.google.com", "accounts.google.com"],
                            audience: TestTokens.googleClientId, keys: StaticJWKSource(TestTokens.signer.keySet),
                            clock: clock)
        }
    }

    /// A token as Google issues it to a device-flow client, with the profile claims of the `profile` scope.
    static func googleClaims(now: Date = TestServer.start) -> [String: Any] {
        var claims = TestTokens.googleClaims(email: "Mina@Example.com", now: now)
        claims["hd"] = "example.com"
        claims["name"] = "Mina Kim"
        claims["given_name"] = "Mina"
        claims["family_name"] = "Kim"
        claims["picture"] = "https://lh3.googleusercontent.com/a/photo"
        claims["locale"] = "ko"
        claims["at_hash"] = "HK6E_P6Dh8Y93mRNtsDB1Q"
        return claims
    }

    /// A token as Sign in with Apple issues it: `email_verified` and `is_private_email` as strings.
    static func appleClaims(now: Date = TestServer.start) -> [String: Any] {
        let issuedAt = Int(now.timeIntervalSince1970)
        return ["iss": "https://appleid.apple.com", "aud": appleClientId, "sub": "001234.5c1a2b3c4d5e6f.0123",
                "email": "xyz123@privaterelay.appleid.com", "email_verified": "true", "is_private_email": "true",
                "auth_time": issuedAt, "nonce_supported": true, "real_user_status": 2, "c_hash": "AbCdEf",
                "iat": issuedAt, "exp": issuedAt + 600]
    }

    // MARK: Shapes

    @Test func aGoogleTokenGivesItsSubjectAndEmail() async throws {
        let claims = try await verifier(.google).verify(TestTokens.make(Self.googleClaims()))
        #expect(claims == IDTokenClaims(issuer: "https://accounts.google.com", subject: "1098765432101234567890",
                                        audiences: [TestTokens.googleClientId], email: "Mina@Example.com",
                                        emailVerified: true))
        #expect(claims.verifiedEmail == "mina@example.com")
    }

    @Test func anAppleTokenWithEmailVerifiedAsTheStringTrueGivesItsSubjectAndEmail() async throws {
        let claims = try await verifier(.apple).verify(TestTokens.make(Self.appleClaims()))
        #expect(claims.subject == "001234.5c1a2b3c4d5e6f.0123")
        #expect(claims.emailVerified)
        #expect(claims.verifiedEmail == "xyz123@privaterelay.appleid.com")
    }

    @Test func anAppleTokenWithEmailVerifiedAsTheStringFalseHasNoVerifiedEmail() async throws {
        var token = Self.appleClaims()
        token["email_verified"] = "false"
        let claims = try await verifier(.apple).verify(TestTokens.make(token))
        #expect(claims.email == "xyz123@privaterelay.appleid.com")
        #expect(claims.verifiedEmail == nil)
    }

    // MARK: Claims the vendor types require

    @Test func aClaimTheVendorTypeRequiresIsRefusedByName() async throws {
        var google = Self.googleClaims()
        google["azp"] = nil
        await #expect(throws: IDTokenError.malformed("there is no 'azp' claim")) {
            try await verifier(.google).verify(TestTokens.make(google))
        }
        var apple = Self.appleClaims()
        apple["iat"] = nil
        await #expect(throws: IDTokenError.malformed("there is no 'iat' claim")) {
            try await verifier(.apple).verify(TestTokens.make(apple))
        }
        apple = Self.appleClaims()
        apple["aud"] = nil
        let error = await #expect(throws: IDTokenError.self) {
            try await verifier(.apple).verify(TestTokens.make(apple))
        }
        #expect(error?.message == "The ID token is malformed: there is no 'aud' claim.")
    }

    @Test func aClaimOfTheWrongKindIsRefusedByName() async throws {
        var google = Self.googleClaims()
        google["exp"] = "tomorrow"
        await #expect(throws: IDTokenError.malformed("the 'exp' claim is not what the provider's token type expects")) {
            try await verifier(.google).verify(TestTokens.make(google))
        }
    }

    @Test func aMissingOrNullSubjectIsStillAMissingSubject() async throws {
        var apple = Self.appleClaims()
        apple["sub"] = NSNull()
        await #expect(throws: IDTokenError.missingSubject) { try await verifier(.apple).verify(TestTokens.make(apple)) }
        apple["sub"] = ""
        await #expect(throws: IDTokenError.missingSubject) { try await verifier(.apple).verify(TestTokens.make(apple)) }
    }

    @Test func anotherProvidersTokenIsRefusedForItsIssuerBeforeItsMissingClaims() async throws {
        // Apple's token has no azp, which Google's type requires: the issuer is what is wrong with it.
        await #expect(throws: IDTokenError.wrongIssuer("https://appleid.apple.com")) {
            try await verifier(.google).verify(TestTokens.make(Self.appleClaims()))
        }
    }

    @Test func aForgedTokenLackingClaimsIsRefusedForItsSignature() async throws {
        var google = Self.googleClaims()
        google["azp"] = nil
        await #expect(throws: IDTokenError.badSignature) {
            try await verifier(.google).verify(TestTokens.make(google, signedBy: TestTokens.forger))
        }
    }

    // MARK: The server's clock

    @Test(arguments: [AuthProvider.google, .apple])
    func aTokenExpiredByTheWallClockVerifiesAtTheServersClock(_ provider: AuthProvider) async throws {
        let claims = provider == .apple ? Self.appleClaims() : Self.googleClaims()
        let expiry = Date(timeIntervalSince1970: TimeInterval(try #require(claims["exp"] as? Int)))
        try #require(expiry < Date(), "the test's clock must be in the wall clock's past")
        let token = try await TestTokens.make(claims)
        #expect(try await verifier(provider).verify(token).verifiedEmail != nil)
    }

    @Test(arguments: [AuthProvider.google, .apple])
    func aTokenValidByTheWallClockIsRefusedOnceExpiredAtTheServersClock(_ provider: AuthProvider) async throws {
        let now = Date()
        let claims = provider == .apple ? Self.appleClaims(now: now) : Self.googleClaims(now: now)
        let token = try await TestTokens.make(claims)
        let later = ManualClock(now.addingTimeInterval(2 * 3600))
        await #expect(throws: IDTokenError.expired) { try await verifier(provider, clock: later).verify(token) }
    }

    // MARK: The payload

    @Test func theProviderPayloadWritesBackWhatItRead() async throws {
        let keys = try await StaticJWKSource(TestTokens.signer.keySet).keys(for: TestTokens.signer.kid)
        let read = try await keys.verify(TestTokens.make(Self.appleClaims()),
                                         as: ProviderIDToken<AppleIdentityToken>.self)
        let again = try await verifier(.apple).verify(TestTokens.signer.sign(read))
        #expect(again == (try await verifier(.apple).verify(TestTokens.make(Self.appleClaims()))))
    }
}
