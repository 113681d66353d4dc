import Foundation
import JWTKit

/// Signs and checks ad tokens: JWTs (HS256, by jwt-kit) of `AdTokenClaims`. The key is derived from the server's
/// signing key for this one use, so an ad token can never pass for an access token or the reverse.
struct AdTokens: Sendable {
    private let key: HMACKey

    static let maxLength = 1024

    init(signingKey: [UInt8]) {
        key = .derived(from: signingKey, for: "brainy-server ad tokens v1")
    }

    func sign(_ claims: AdTokenClaims) async throws -> String {
        try await JWTKeyCollection.hs256(key).sign(claims)
    }

    /// The claims of a token this server signed; nil for anything else (malformed, altered, forged).
    func verify(_ token: String) async -> AdTokenClaims? {
        guard token.utf8.count <= Self.maxLength else { return nil }
        return try? await JWTKeyCollection.hs256(key).verify(token, as: AdTokenClaims.self)
    }
}
