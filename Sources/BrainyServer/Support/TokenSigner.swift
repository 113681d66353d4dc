import Foundation
import JWTKit

/// Signs and checks one kind of token: JWTs (HS256, by jwt-kit) of `Claims`, under a key derived from the server's
/// signing key for this one use, so that a token of one kind (an ad token, a quiz ticket) never passes for another
/// or for an access token.
struct TokenSigner<Claims: JWTPayload>: Sendable {
    private let key: HMACKey
    /// A longer token is refused before it is parsed.
    let maxLength: Int

    /// `use` names the kind of token; changing it makes every token of that kind already issued invalid.
    init(signingKey: [UInt8], use: String, maxLength: Int) {
        key = .derived(from: signingKey, for: use)
        self.maxLength = maxLength
    }

    func sign(_ claims: Claims) async throws -> String {
        try await JWTKeyCollection.hs256(key).sign(claims)
    }

    /// The claims of a token this server signed for this use; nil for anything else (malformed, altered, forged,
    /// signed for another use).
    func verify(_ token: String) async -> Claims? {
        guard token.utf8.count <= maxLength else { return nil }
        return try? await JWTKeyCollection.hs256(key).verify(token, as: Claims.self)
    }
}
