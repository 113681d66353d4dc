import BrainyKit
import Foundation
import JWTKit

/// Checks a provider's ID token (a JWT signed with RS256): jwt-kit checks the signature against the provider's
/// published key, then the issuer, the audience (this server's client id), the expiry with a small leeway for clock
/// skew, `iat` and `nbf` are held to this server's clock, and there must be a subject. The real providers and the
/// development identity provider go through this same code; only their `JWKSource` differs.
struct IDTokenVerifier: Sendable {
    /// The `iss` values the provider signs with (Google uses two spellings).
    var issuers: Set<String>
    /// This server's client id at the provider.
    var audience: String
    var keys: any JWKSource
    var clock: any BrainyClock
    /// Seconds of clock skew forgiven on `exp`, `iat` and `nbf`.
    var leeway: TimeInterval = 60

    /// The token's claims when every check passes.
    func verify(_ token: String) async throws(IDTokenError) -> IDTokenClaims {
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
        let claims: IDTokenClaims
        do {
            claims = try await key.verify(token, as: IDTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch {
            throw .malformed("the payload is not base64url-encoded JSON claims")
        }

        // The claims are only looked at once the signature vouches for them.
        guard let issuer = claims.iss?.value else { throw .malformed("there is no 'iss' claim") }
        guard issuers.contains(issuer) else { throw .wrongIssuer(issuer) }
        guard let audiences = claims.aud, (try? audiences.verifyIntendedAudience(includes: audience)) != nil,
              audiences.value.count == 1 || claims.azp == audience
        else { throw .wrongAudience }
        guard let exp = claims.exp else { throw .malformed("there is no 'exp' claim") }
        let now = clock.now()
        do {
            try exp.verifyNotExpired(currentDate: now.addingTimeInterval(-leeway))
        } catch {
            throw .expired
        }
        if let iat = claims.iat, iat.value > now.addingTimeInterval(leeway) { throw .notYetValid }
        if let nbf = claims.nbf, (try? nbf.verifyNotBefore(currentDate: now.addingTimeInterval(leeway))) == nil {
            throw .notYetValid
        }
        guard let subject = claims.sub?.value, !subject.isEmpty else { throw .missingSubject }
        return claims
    }
}
