import BrainyKit
import Foundation
import JWTKit

/// Checks a provider's ID token (a JWT signed with RS256): jwt-kit checks the signature against the provider's
/// published key and reads the claims as its vendor type for the provider (`GoogleIdentityToken`,
/// `AppleIdentityToken`, through `ProviderIDToken`); then the issuer, the audience (this server's client id), the
/// expiry with a small leeway for clock skew, `iat` and `nbf` are held to this server's clock, and there must be a
/// subject. The real providers and the development identity provider go through this same code; only their
/// `JWKSource` differs.
struct IDTokenVerifier: Sendable {
    /// Whose tokens: which vendor type reads them.
    var provider: AuthProvider
    /// The `iss` values the provider signs with (Google uses two spellings).
    var issuers: Set<String>
    /// This server's client id at the provider.
    var audience: String
    var keys: any JWKSource
    var clock: any BrainyClock
    /// Seconds of clock skew forgiven on `exp`, `iat` and `nbf`.
    var leeway: TimeInterval = 60
    /// Which vendor type reads the tokens when it is not `provider`'s (Kakao's, for browser sign-in).
    var vendor: IDTokenVendor? = nil

    /// The vendor types this verifier reads tokens as.
    enum IDTokenVendor: Sendable {
        case google, apple, kakao
    }

    /// The token's claims when every check passes.
    func verify(_ token: String) async throws(IDTokenError) -> IDTokenClaims {
        switch vendor {
        case .google: return try await verify(token, as: GoogleIdentityToken.self)
        case .apple: return try await verify(token, as: AppleIdentityToken.self)
        case .kakao: return try await verify(token, as: KakaoIdentityToken.self)
        case nil: break
        }
        switch provider {
        case .google: return try await verify(token, as: GoogleIdentityToken.self)
        case .apple: return try await verify(token, as: AppleIdentityToken.self)
        case .kakao: return try await verify(token, as: KakaoIdentityToken.self)
        // Naver issues no ID token: its access token is shown to its profile API instead.
        case .guest, .email, .naver: throw .noIDTokens(provider.name.en)
        }
    }

    private func verify<Token: VendorIDToken>(_ token: String, as _: Token.Type) async throws(IDTokenError)
        -> IDTokenClaims {
        // The header is read first only to refuse in words a client developer can act on; jwt-kit verifies.
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("a JWT has three parts separated by dots") }
        guard let headerData = Base64URL.decode(parts[0]),
              let header = try? JSONDecoder().decode(JWTHeader.self, from: headerData), let alg = header.alg
        else { throw .malformed("the header is not base64url-encoded JSON with an 'alg'") }
        // Only RS256: never "none", and never HS256 keyed with the public key (the algorithm-confusion attack).
        guard alg == "RS256" else { throw .unsupportedAlgorithm(alg) }
        guard header.fields["crit"] == nil else {
            throw .malformed("the header has critical extensions this server does not know")
        }
        guard let signature = Base64URL.decode(parts[2]), !signature.isEmpty else {
            throw .malformed("the signature is missing or not base64url")
        }

        let key = try await keys.keys(for: header.kid)
        let payload: ProviderIDToken<Token>
        do {
            payload = try await key.verify(token, as: ProviderIDToken<Token>.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch {
            throw .malformed("the payload is not base64url-encoded JSON claims")
        }

        // The claims are only looked at once the signature vouches for them; the issuer first, so that another
        // provider's token is refused as such.
        guard let issuer = payload.issuer else { throw .malformed("there is no 'iss' claim that is a string") }
        guard issuers.contains(issuer) else { throw .wrongIssuer(issuer) }
        let claims = try payload.claims.get()
        let idToken = claims.token
        guard (try? idToken.audience.verifyIntendedAudience(includes: audience)) != nil,
              idToken.audience.value.count == 1 || idToken.authorizedParty == audience
        else { throw .wrongAudience }
        let now = clock.now()
        do {
            try idToken.expires.verifyNotExpired(currentDate: now.addingTimeInterval(-leeway))
        } catch {
            throw .expired
        }
        if idToken.issuedAt.value > now.addingTimeInterval(leeway) { throw .notYetValid }
        if let nbf = claims.notBefore, (try? nbf.verifyNotBefore(currentDate: now.addingTimeInterval(leeway))) == nil {
            throw .notYetValid
        }
        let subject = idToken.subject.value
        guard !subject.isEmpty else { throw .missingSubject }
        return IDTokenClaims(issuer: issuer, subject: subject, audiences: idToken.audience.value, email: idToken.email,
                             emailVerified: idToken.emailVerified?.value == true, nonce: idToken.nonce,
                             name: idToken.personName)
    }
}
