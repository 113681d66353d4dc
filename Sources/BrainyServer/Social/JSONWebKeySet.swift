import Foundation
import _CryptoExtras

/// A provider's published signing keys (RFC 7517), as Google and Apple serve them at their `jwks_uri`.
struct JSONWebKeySet: Codable, Equatable, Sendable {
    var keys: [JSONWebKey]

    /// The RSA signing keys by `kid` (an absent kid as ""). Keys that are not RSA, not for signatures, not RS256 or
    /// shorter than 2048 bits are left out rather than refused: a provider may publish other kinds alongside.
    func verificationKeys() -> [String: _RSA.Signing.PublicKey] {
        var byId: [String: _RSA.Signing.PublicKey] = [:]
        for key in keys {
            guard let publicKey = try? key.rsaPublicKey() else { continue }
            byId[key.kid ?? ""] = publicKey
        }
        return byId
    }
}

/// One JSON Web Key; only the members an RS256 verification key needs.
struct JSONWebKey: Codable, Equatable, Sendable {
    var kty: String
    var kid: String?
    var use: String?
    var alg: String?
    /// The modulus, base64url big-endian.
    var n: String?
    /// The public exponent, base64url big-endian.
    var e: String?

    init(kty: String = "RSA", kid: String?, use: String? = "sig", alg: String? = "RS256", n: String?, e: String?) {
        self.kty = kty
        self.kid = kid
        self.use = use
        self.alg = alg
        self.n = n
        self.e = e
    }

    /// The JWK of `publicKey`, for the development identity provider's JWKS.
    init(publicKey: _RSA.Signing.PublicKey, kid: String) throws {
        let primitives = try publicKey.getKeyPrimitives()
        self.init(kid: kid, n: Base64URL.encode(primitives.modulus), e: Base64URL.encode(primitives.publicExponent))
    }

    enum KeyError: Error, Equatable {
        case notAnRS256SigningKey, badEncoding, tooShort
    }

    /// The RSA public key, when this is an RS256 signing key of at least 2048 bits.
    func rsaPublicKey() throws(KeyError) -> _RSA.Signing.PublicKey {
        guard kty == "RSA", use == nil || use == "sig", alg == nil || alg == "RS256" else {
            throw .notAnRS256SigningKey
        }
        guard let n, let e, let modulus = Base64URL.decode(n), let exponent = Base64URL.decode(e),
              !modulus.isEmpty, !exponent.isEmpty,
              let key = try? _RSA.Signing.PublicKey(n: modulus, e: exponent)
        else { throw .badEncoding }
        // `init(n:e:)`, unlike the DER initializer, takes any size: hold keys to the same 2048-bit floor.
        guard key.keySizeInBits >= 2048 else { throw .tooShort }
        return key
    }
}
