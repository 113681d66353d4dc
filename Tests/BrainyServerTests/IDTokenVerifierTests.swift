import BrainyAPI
import BrainyKit
import Foundation
import JWTKit
import Testing
@testable import BrainyServer

/// The verifier and the key sets it reads, without a server around them.
@Suite struct IDTokenVerifierTests {
    let clock = ManualClock(TestServer.start)

    func verifier(keys: any JWKSource = StaticJWKSource(TestTokens.signer.keySet)) -> IDTokenVerifier {
        IDTokenVerifier(provider: .google, issuers: ["https://accounts.google.com", "accounts.google.com"],
                        audience: TestTokens.googleClientId, keys: keys, clock: clock)
    }

    @Test func aGoodTokenGivesItsClaims() async throws {
        let claims = try await verifier().verify(TestTokens.make(TestTokens.googleClaims()))
        #expect(claims.subject == "1098765432101234567890")
        #expect(claims.issuer == "https://accounts.google.com")
        #expect(claims.verifiedEmail == "mina@example.com")
    }

    @Test func bothOfGooglesIssuerSpellingsAreAccepted() async throws {
        var claims = TestTokens.googleClaims()
        claims["iss"] = "accounts.google.com"
        #expect(try await verifier().verify(TestTokens.make(claims)).issuer == "accounts.google.com")
    }

    @Test func severalAudiencesNeedThisClientAsAuthorizedParty() async throws {
        var claims = TestTokens.googleClaims()
        claims["aud"] = ["other-client", TestTokens.googleClientId]
        claims["azp"] = "other-client"
        await #expect(throws: IDTokenError.wrongAudience) { try await verifier().verify(TestTokens.make(claims)) }
        claims["azp"] = TestTokens.googleClientId
        #expect(try await verifier().verify(TestTokens.make(claims)).audiences.count == 2)
    }

    @Test func expiryForgivesAMinuteOfClockSkew() async throws {
        let token = try await TestTokens.make(TestTokens.googleClaims())
        clock.advance(by: 3600 + 59)
        #expect(try await verifier().verify(token).subject.isEmpty == false)
        clock.advance(by: 1)
        await #expect(throws: IDTokenError.expired) { try await verifier().verify(token) }
    }

    @Test func aTokenNotValidBeforeLaterIsRefused() async throws {
        var claims = TestTokens.googleClaims()
        claims["nbf"] = Int(TestServer.start.timeIntervalSince1970) + 120
        await #expect(throws: IDTokenError.notYetValid) { try await verifier().verify(TestTokens.make(claims)) }
        clock.advance(by: 61)
        #expect(try await verifier().verify(TestTokens.make(claims)).subject == "1098765432101234567890")
    }

    @Test func onlyRS256IsAccepted() async throws {
        for alg in ["none", "HS256", "RS384", "PS256", "ES256", "rs256"] {
            let token = try await TestTokens.make(TestTokens.googleClaims(), header: ["alg": alg, "kid": TestTokens.signer.kid])
            await #expect(throws: IDTokenError.unsupportedAlgorithm(alg)) { try await verifier().verify(token) }
        }
    }

    @Test func criticalHeaderExtensionsAreRefused() async throws {
        let token = try await TestTokens.make(TestTokens.googleClaims(),
                                        header: ["alg": "RS256", "kid": TestTokens.signer.kid, "crit": ["exp"]])
        await #expect(throws: IDTokenError.self) { try await verifier().verify(token) }
    }

    @Test func withoutAKidTheOnlyKeyIsUsedButNeverAGuessAmongSeveral() async throws {
        let token = try await TestTokens.make(TestTokens.googleClaims(), header: ["alg": "RS256"])
        #expect(try await verifier().verify(token).subject.isEmpty == false)
        let two = JWKS(keys: TestTokens.signer.keySet.keys + TestTokens.forger.keySet.keys)
        await #expect(throws: IDTokenError.unknownKey(nil)) {
            try await verifier(keys: StaticJWKSource(two)).verify(token)
        }
    }

    // MARK: Key sets

    @Test func aProvidersKeySetIsReadSkippingKeysThatCannotSignRS256() throws {
        let rsa = try #require(TestTokens.signer.keySet.keys.first)
        let kid = try #require(rsa.keyIdentifier?.string)
        let n = try #require(rsa.modulus)
        let json = """
            {"keys": [
              {"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "\(kid)", "n": "\(n)", "e": "AQAB"},
              {"kty": "EC", "use": "sig", "crv": "P-256", "kid": "ec", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
               "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
              {"kty": "RSA", "use": "enc", "kid": "encryption", "n": "\(n)", "e": "AQAB"},
              {"kty": "RSA", "alg": "RS512", "kid": "rs512", "n": "\(n)", "e": "AQAB"},
              {"kty": "RSA", "kid": "broken", "n": "***", "e": "AQAB"},
              {"kty": "RSA", "kid": "short", "n": "\(Self.modulus(bytes: 128))", "e": "AQAB"}
            ]}
            """
        let keySet = try ProviderKeys.decodeSet(from: Data(json.utf8))
        // The encryption key is dropped as it is read (jwt-kit's JWK does not keep `use`); the rest are read.
        #expect(keySet.keys.compactMap(\.keyIdentifier?.string) == [kid, "ec", "rs512", "broken", "short"])
        #expect(ProviderKeys(keySet).ids == [kid])
    }

    @Test func theSignersKeySetPublishesTheRS256KeyItsTokensVerifyWith() async throws {
        let jwk = try #require(TestTokens.signer.keySet.keys.first)
        #expect(jwk.keyType == .rsa)
        #expect(jwk.algorithm == .rs256)
        #expect(jwk.keyIdentifier?.string == TestTokens.signer.kid)
        let token = try await TestTokens.make(TestTokens.googleClaims())
        let claims = try await StaticJWKSource(TestTokens.signer.keySet).keys(for: TestTokens.signer.kid)
            .verify(token, as: ProviderIDToken<GoogleIdentityToken>.self).claims.get()
        #expect(claims.token.subject.value == "1098765432101234567890")
    }

    /// A base64url odd modulus of `bytes` bytes with its top bit set.
    static func modulus(bytes: Int) -> String {
        Base64URL.encode(Data([0xC3] + Array(repeating: 0x5A, count: bytes - 2) + [0x01]))
    }

    // MARK: Fetched keys

    /// A JWKS URL whose document the test changes, as a provider rotating its keys would.
    final class KeyServer: @unchecked Sendable {
        // @unchecked Sendable is sound: `document` is read and written only under `lock`.
        private let lock = NSLock()
        private var document: JWKS?

        init(_ document: JWKS?) { self.document = document }

        func publish(_ document: JWKS?) { lock.withLock { self.document = document } }

        func fetch() throws -> (keys: JWKS, maxAge: TimeInterval?) {
            guard let document = lock.withLock({ document }) else { throw IDTokenError.keysUnavailable("HTTP 503") }
            return (document, 3600)
        }
    }

    @Test func aRotatedKeyIsFetchedOnceItsKidAppearsButNotMoreThanOnceAMinute() async throws {
        let server = KeyServer(TestTokens.signer.keySet)
        let source = RemoteJWKSource(fetch: { try server.fetch() }, clock: clock)
        _ = try await source.keys(for: TestTokens.signer.kid)

        // The provider starts signing with a new key, published just now.
        server.publish(TestTokens.forger.keySet)
        await #expect(throws: IDTokenError.unknownKey(TestTokens.forger.kid)) {
            // Within a minute of the last fetch, an unknown kid does not fetch again.
            try await source.keys(for: TestTokens.forger.kid)
        }
        clock.advance(by: RemoteJWKSource.minimumRefetchInterval)
        _ = try await source.keys(for: TestTokens.forger.kid)
    }

    @Test func keysFetchedBeforeStillVerifyWhileTheProviderIsDown() async throws {
        let server = KeyServer(TestTokens.signer.keySet)
        let source = RemoteJWKSource(fetch: { try server.fetch() }, clock: clock)
        _ = try await source.keys(for: TestTokens.signer.kid)
        server.publish(nil)
        clock.advance(by: 2 * 3600)
        _ = try await source.keys(for: TestTokens.signer.kid)
        await #expect(throws: IDTokenError.keysUnavailable("HTTP 503")) { try await source.keys(for: "other") }
    }

    @Test func aProviderThatCannotBeReachedIsA503NotAnInvalidToken() async throws {
        let source = RemoteJWKSource(fetch: { throw IDTokenError.keysUnavailable("connection refused") }, clock: clock)
        let token = try await TestTokens.make(TestTokens.googleClaims())
        do {
            _ = try await verifier(keys: source).verify(token)
            Issue.record("verified without keys")
        } catch {
            let refusal = SocialAuthController.refusal(error)
            #expect(refusal.status == .serviceUnavailable)
            #expect(refusal.code == "provider_unavailable")
        }
    }

    @Test func cacheControlMaxAgeIsKeptWithinAMinuteAndADay() {
        #expect(RemoteJWKSource.maxAge(cacheControl: "public, max-age=21817, must-revalidate, no-transform") == 21817)
        #expect(RemoteJWKSource.maxAge(cacheControl: "max-age=5") == 60)
        #expect(RemoteJWKSource.maxAge(cacheControl: "max-age=9999999") == 86_400)
        #expect(RemoteJWKSource.maxAge(cacheControl: "no-cache") == nil)
    }
}
