import Crypto
import Foundation
import JWTKit
import _CryptoExtras

/// Signs ID tokens with RS256 through jwt-kit, as a provider would: the development identity provider's half of the
/// exchange (and the tests' way to make tokens with chosen claims).
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
    var keySet: JWKS {
        // try! is sound: reading n and e from a key BoringSSL just made cannot fail.
        let primitives = try! key.publicKey.getKeyPrimitives()
        return JWKS(keys: [.rsa(.rs256, identifier: JWKIdentifier(string: kid),
                                modulus: Base64URL.encode(primitives.modulus),
                                exponent: Base64URL.encode(primitives.publicExponent))])
    }

    /// `claims` as a signed JWT with header `{"alg":"RS256","kid":…,"typ":"JWT"}`.
    func sign(_ claims: some JWTPayload) async throws -> String {
        try await keys().sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// A JWT of these claims under this header (its `alg` and `kid` whatever it says), always signed with RS256 and
    /// this key: tests make tokens that lie about their key or algorithm with it.
    func sign(_ claims: some JWTPayload, header: JWTHeader) async throws -> String {
        try await keys().sign(claims, header: header)
    }

    /// A JWT this key signed, read as `Payload` (the development identity provider's own codes and access tokens).
    func verify<Payload: JWTPayload>(_ token: String, as _: Payload.Type) async throws -> Payload {
        try await keys().verify(token, as: Payload.self)
    }

    private func keys() async throws -> JWTKeyCollection {
        try await JWTKeyCollection().add(rsa: JWTKit.Insecure.RSA.PrivateKey(backing: key), digestAlgorithm: .sha256,
                                         kid: JWKIdentifier(string: kid))
    }
}

/// The claims the development identity provider puts in its ID tokens: what jwt-kit's `GoogleIdentityToken` and
/// `AppleIdentityToken` require, so that its tokens read as the vendor type of the provider they stand in for.
struct IssuedIDTokenClaims: JWTPayload, Equatable {
    var iss: String
    var aud: String
    /// The client the token is handed to, which is its audience; Google writes it in its tokens, and its type
    /// requires it.
    var azp: String
    var sub: String
    var email: String
    var emailVerified: Bool
    var iat: Int
    var exp: Int

    enum CodingKeys: String, CodingKey {
        case iss, aud, azp, sub, email, emailVerified = "email_verified", iat, exp
    }

    init(iss: String, aud: String, sub: String, email: String, emailVerified: Bool, iat: Int, exp: Int) {
        self.iss = iss
        self.aud = aud
        azp = aud
        self.sub = sub
        self.email = email
        self.emailVerified = emailVerified
        self.iat = iat
        self.exp = exp
    }

    /// The provider signs what it issues; checking is the verifier's side.
    func verify(using _: some JWTAlgorithm) throws {}
}
