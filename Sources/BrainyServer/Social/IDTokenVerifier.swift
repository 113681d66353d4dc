import BrainyKit
import Foundation
import _CryptoExtras

/// Checks a provider's ID token (a JWT signed with RS256): the signature against the provider's published keys,
/// then the issuer, the audience (this server's client id), the expiry with a small leeway for clock skew, `iat` and
/// `nbf`, and that there is a subject. The real providers and the development identity provider go through this same
/// code; only their `JWKSource` differs.
struct IDTokenVerifier: Sendable {
    /// The `iss` values the provider signs with (Google uses two spellings).
    var issuers: Set<String>
    /// This server's client id at the provider.
    var audience: String
    var keys: any JWKSource
    var clock: any BrainyClock
    /// Seconds of clock skew forgiven on `exp`, `iat` and `nbf`.
    var leeway: TimeInterval = 60

    private struct Header: Decodable {
        var alg: String
        var kid: String?
        var crit: [String]?
    }

    /// The token's claims when every check passes.
    func verify(_ token: String) async throws(IDTokenError) -> IDTokenClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("a JWT has three parts separated by dots") }
        guard let headerData = Base64URL.decode(parts[0]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData)
        else { throw .malformed("the header is not base64url-encoded JSON with an 'alg'") }
        // Only RS256: never "none", and never HS256 keyed with the public key (the algorithm-confusion attack).
        guard header.alg == "RS256" else { throw .unsupportedAlgorithm(header.alg) }
        guard header.crit == nil else { throw .malformed("the header has critical extensions this server does not know") }
        guard let payloadData = Base64URL.decode(parts[1]),
              let claims = try? JSONDecoder().decode(IDTokenClaims.self, from: payloadData)
        else { throw .malformed("the payload is not base64url-encoded JSON claims") }
        guard let signature = Base64URL.decode(parts[2]), !signature.isEmpty else {
            throw .malformed("the signature is missing or not base64url")
        }

        let key = try await keys.key(id: header.kid)
        guard key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature),
                                   for: Data("\(parts[0]).\(parts[1])".utf8), padding: .insecurePKCS1v1_5)
        else { throw .badSignature }

        // The claims are only looked at once the signature vouches for them.
        guard let issuer = claims.iss else { throw .malformed("there is no 'iss' claim") }
        guard issuers.contains(issuer) else { throw .wrongIssuer(issuer) }
        guard claims.aud.contains(audience), claims.aud.count == 1 || claims.azp == audience else {
            throw .wrongAudience
        }
        guard let exp = claims.exp else { throw .malformed("there is no 'exp' claim") }
        let now = clock.now().timeIntervalSince1970
        guard now < exp + leeway else { throw .expired }
        if let iat = claims.iat, iat > now + leeway { throw .notYetValid }
        if let nbf = claims.nbf, nbf > now + leeway { throw .notYetValid }
        guard let subject = claims.sub, !subject.isEmpty else { throw .missingSubject }
        return claims
    }
}
