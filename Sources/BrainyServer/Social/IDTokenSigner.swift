import Crypto
import Foundation
import _CryptoExtras

/// Signs ID tokens with RS256, as a provider would: the development identity provider's half of the exchange
/// (and the tests' way to make tokens with chosen claims).
struct IDTokenSigner: Sendable {
    let key: _RSA.Signing.PrivateKey
    /// The key id, written in each token's header and in the JWKS.
    let kid: String

    init(key: _RSA.Signing.PrivateKey) {
        self.key = key
        // A stable id for the key: the start of the SHA-256 of its public key.
        kid = SHA256.hash(data: key.publicKey.derRepresentation).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The public half as a JWKS document.
    var keySet: JSONWebKeySet {
        // try! is sound: reading n and e from a key BoringSSL just made cannot fail.
        JSONWebKeySet(keys: [try! JSONWebKey(publicKey: key.publicKey, kid: kid)])
    }

    /// `claims` as a signed JWT with header `{"alg":"RS256","kid":…,"typ":"JWT"}`.
    func sign(_ claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try sign(header: encoder.encode(["alg": "RS256", "kid": kid, "typ": "JWT"]),
                        payload: encoder.encode(claims))
    }

    /// A JWT of this header and payload, both JSON, with an RS256 signature whatever the header says (tests make
    /// tokens that lie about their key or algorithm with it).
    func sign(header: Data, payload: Data) throws -> String {
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }
}

/// The claims the development identity provider puts in its ID tokens.
struct IssuedIDTokenClaims: Codable, Equatable, Sendable {
    var iss: String
    var aud: String
    var sub: String
    var email: String
    var emailVerified: Bool
    var iat: Int
    var exp: Int

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, email, emailVerified = "email_verified", iat, exp
    }
}
