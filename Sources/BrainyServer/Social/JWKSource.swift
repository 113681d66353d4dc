import Foundation
import _CryptoExtras

/// Where an `IDTokenVerifier` finds the key a token names: a provider's JWKS URL, or keys held in memory (the
/// development identity provider, tests).
protocol JWKSource: Sendable {
    /// The RS256 key with id `kid`; with no kid, the only key when there is exactly one.
    func key(id kid: String?) async throws(IDTokenError) -> _RSA.Signing.PublicKey
}

/// Keys known up front.
struct StaticJWKSource: JWKSource {
    let keys: [String: _RSA.Signing.PublicKey]

    init(_ keySet: JSONWebKeySet) {
        keys = keySet.verificationKeys()
    }

    func key(id kid: String?) async throws(IDTokenError) -> _RSA.Signing.PublicKey {
        guard let key = keys.lookUp(kid) else { throw .unknownKey(kid) }
        return key
    }
}

extension Dictionary where Key == String, Value == _RSA.Signing.PublicKey {
    /// The key with id `kid`; with no kid, the only key when there is exactly one (never a guess among several).
    func lookUp(_ kid: String?) -> _RSA.Signing.PublicKey? {
        if let kid { return self[kid] }
        return count == 1 ? first?.value : nil
    }
}
