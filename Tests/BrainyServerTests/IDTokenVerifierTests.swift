import BrainyAPI
import BrainyKit
import Foundation
import Testing
@testable import BrainyServer

/// The verifier and the key sets it reads, without a server around them.
@Suite struct IDTokenVerifierTests {
    let clock = ManualClock(TestServer.start)

    func verifier(keys: any JWKSource = StaticJWKSource(TestTokens.signer.keySet)) -> IDTokenVerifier {
        IDTokenVerifier(issuers: ["https://accounts.google.com", "accounts.google.com"],
                        audience: TestTokens.googleClientId, keys: keys, clock: clock)
    }

    @Test func aGoodTokenGivesItsClaims() async throws {
        let claims = try await verifier().verify(TestTokens.make(TestTokens.googleClaims()))
        #expect(claims.sub == "1098765432101234567890")
        #expect(claims.iss == "https://accounts.google.com")
        #expect(claims.verifiedEmail == "mina@example.com")
    }

    @Test func bothOfGooglesIssuerSpellingsAreAccepted() async throws {
        var claims = TestTokens.googleClaims()
        claims["iss"] = "accounts.google.com"
        #expect(try await verifier().verify(TestTokens.make(claims)).iss == "accounts.google.com")
    }

    @Test func severalAudiencesNeedThisClientAsAuthorizedParty() async throws {
        var claims = TestTokens.googleClaims()
        claims["aud"] = ["other-client", TestTokens.googleClientId]
        await #expect(throws: IDTokenError.wrongAudience) { try await verifier().verify(TestTokens.make(claims)) }
        claims["azp"] = TestTokens.googleClientId
        #expect(try await verifier().verify(TestTokens.make(claims)).aud.count == 2)
    }

    @Test func expiryForgivesAMinuteOfClockSkew() async throws {
        let token = try TestTokens.make(TestTokens.googleClaims())
        clock.advance(by: 3600 + 59)
        #expect(try await verifier().verify(token).sub != nil)
        clock.advance(by: 1)
        await #expect(throws: IDTokenError.expired) { try await verifier().verify(token) }
    }

    @Test func aTokenNotValidBeforeLaterIsRefused() async throws {
        var claims = TestTokens.googleClaims()
        claims["nbf"] = Int(TestServer.start.timeIntervalSince1970) + 120
        await #expect(throws: IDTokenError.notYetValid) { try await verifier().verify(TestTokens.make(claims)) }
        clock.advance(by: 61)
        #expect(try await verifier().verify(TestTokens.make(claims)).nbf != nil)
    }

    @Test func onlyRS256IsAccepted() async throws {
        for alg in ["none", "HS256", "RS384", "PS256", "ES256", "rs256"] {
            let token = try TestTokens.make(TestTokens.googleClaims(), header: ["alg": alg, "kid": TestTokens.signer.kid])
            await #expect(throws: IDTokenError.unsupportedAlgorithm(alg)) { try await verifier().verify(token) }
        }
    }

    @Test func criticalHeaderExtensionsAreRefused() async throws {
        let token = try TestTokens.make(TestTokens.googleClaims(),
                                        header: ["alg": "RS256", "kid": TestTokens.signer.kid, "crit": ["exp"]])
        await #expect(throws: IDTokenError.self) { try await verifier().verify(token) }
    }

    @Test func withoutAKidTheOnlyKeyIsUsedButNeverAGuessAmongSeveral() async throws {
        let token = try TestTokens.make(TestTokens.googleClaims(), header: ["alg": "RS256"])
        #expect(try await verifier().verify(token).sub != nil)
        let two = JSONWebKeySet(keys: TestTokens.signer.keySet.keys + TestTokens.forger.keySet.keys)
        await #expect(throws: IDTokenError.unknownKey(nil)) {
            try await verifier(keys: StaticJWKSource(two)).verify(token)
        }
    }

    // MARK: Key sets

    @Test func aProvidersKeySetIsReadSkippingKeysThatCannotSignRS256() throws {
        let rsa = try #require(TestTokens.signer.keySet.keys.first)
        let kid = try #require(rsa.kid)
        let n = try #require(rsa.n)
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
        let keySet = try JSONDecoder().decode(JSONWebKeySet.self, from: Data(json.utf8))
        #expect(keySet.keys.count == 6)
        #expect(Array(keySet.verificationKeys().keys) == [kid])
        #expect(throws: JSONWebKey.KeyError.tooShort) { try keySet.keys[5].rsaPublicKey() }
        #expect(throws: JSONWebKey.KeyError.badEncoding) { try keySet.keys[4].rsaPublicKey() }
        #expect(throws: JSONWebKey.KeyError.notAnRS256SigningKey) { try keySet.keys[1].rsaPublicKey() }
    }

    @Test func aPublicKeyRoundTripsThroughItsJWK() throws {
        let jwk = try #require(TestTokens.signer.keySet.keys.first)
        #expect(jwk.kty == "RSA")
        #expect(jwk.alg == "RS256")
        #expect(jwk.use == "sig")
        let key = try jwk.rsaPublicKey()
        #expect(key.keySizeInBits == 2048)
        #expect(try JSONWebKey(publicKey: key, kid: try #require(jwk.kid)) == jwk)
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
        private var document: JSONWebKeySet?

        init(_ document: JSONWebKeySet?) { self.document = document }

        func publish(_ document: JSONWebKeySet?) { lock.withLock { self.document = document } }

        func fetch() throws -> (keys: JSONWebKeySet, maxAge: TimeInterval?) {
            guard let document = lock.withLock({ document }) else { throw IDTokenError.keysUnavailable("HTTP 503") }
            return (document, 3600)
        }
    }

    @Test func aRotatedKeyIsFetchedOnceItsKidAppearsButNotMoreThanOnceAMinute() async throws {
        let server = KeyServer(TestTokens.signer.keySet)
        let source = RemoteJWKSource(fetch: { try server.fetch() }, clock: clock)
        _ = try await source.key(id: TestTokens.signer.kid)

        // The provider starts signing with a new key, published just now.
        server.publish(TestTokens.forger.keySet)
        await #expect(throws: IDTokenError.unknownKey(TestTokens.forger.kid)) {
            // Within a minute of the last fetch, an unknown kid does not fetch again.
            try await source.key(id: TestTokens.forger.kid)
        }
        clock.advance(by: RemoteJWKSource.minimumRefetchInterval)
        _ = try await source.key(id: TestTokens.forger.kid)
    }

    @Test func keysFetchedBeforeStillVerifyWhileTheProviderIsDown() async throws {
        let server = KeyServer(TestTokens.signer.keySet)
        let source = RemoteJWKSource(fetch: { try server.fetch() }, clock: clock)
        _ = try await source.key(id: TestTokens.signer.kid)
        server.publish(nil)
        clock.advance(by: 2 * 3600)
        _ = try await source.key(id: TestTokens.signer.kid)
        await #expect(throws: IDTokenError.keysUnavailable("HTTP 503")) { try await source.key(id: "other") }
    }

    @Test func aProviderThatCannotBeReachedIsA503NotAnInvalidToken() async throws {
        let source = RemoteJWKSource(fetch: { throw IDTokenError.keysUnavailable("connection refused") }, clock: clock)
        let token = try TestTokens.make(TestTokens.googleClaims())
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
