import Foundation
import JWTKit

/// The RS256 signature keys of a provider's key set (RFC 7517), by `kid` (an absent kid as ""). Keys that are not
/// RSA, not for signatures, not RS256 or shorter than 2048 bits are left out rather than refused: a provider may
/// publish other kinds alongside.
struct ProviderKeys: Sendable {
    private(set) var byId: [String: JWK] = [:]

    init(_ keySet: JWKS) {
        for var key in keySet.keys where key.keyType == .rsa && (key.algorithm == nil || key.algorithm == .rs256) {
            // jwt-kit's RSA key holds the 2048-bit floor that a modulus and exponent alone would not.
            guard let n = key.modulus, let e = key.exponent, (try? Insecure.RSA.PublicKey(modulus: n, exponent: e)) != nil
            else { continue }
            key.algorithm = .rs256
            byId[key.keyIdentifier?.string ?? ""] = key
        }
    }

    var ids: Set<String> { Set(byId.keys) }

    /// The key with id `kid`; with no kid, the only key when there is exactly one (never a guess among several).
    func lookUp(_ kid: String?) -> JWK? {
        if let kid { return byId[kid] }
        return byId.count == 1 ? byId.first?.value : nil
    }

    /// A jwt-kit key collection holding only the key with id `kid` (see `lookUp`), so that a token naming a kid the
    /// provider does not publish never falls back to another key.
    func collection(for kid: String?) async throws(IDTokenError) -> JWTKeyCollection {
        guard var key = lookUp(kid) else { throw .unknownKey(kid) }
        key.keyIdentifier = JWKIdentifier(string: kid ?? key.keyIdentifier?.string ?? "")
        do {
            return try await JWTKeyCollection().add(jwk: key, isDefault: true)
        } catch {
            throw .unknownKey(kid)
        }
    }

    /// A JWKS document as published: keys jwt-kit cannot read, and keys published for another use than signatures
    /// (`use`, which jwt-kit's `JWK` does not keep), are dropped rather than failing the whole set.
    static func decodeSet(from data: Data) throws -> JWKS {
        struct Document: Decodable {
            var keys: [Entry]
        }
        struct Entry: Decodable {
            var key: JWK?
            var use: String?

            enum CodingKeys: String, CodingKey { case use }

            init(from decoder: any Decoder) throws {
                key = try? JWK(from: decoder)
                use = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .use)
            }
        }
        let document = try JSONDecoder().decode(Document.self, from: data)
        return JWKS(keys: document.keys.compactMap { $0.use == nil || $0.use == "sig" ? $0.key : nil })
    }
}
