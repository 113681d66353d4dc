import Crypto
import Foundation

/// Signs and checks ad tokens: `base64url(claims JSON) "." base64url(HMAC-SHA256)`. The key is derived from the
/// server's signing key for this one use, so an ad token can never pass for an access token or the reverse.
struct AdTokens: Sendable {
    /// Kept as bytes: swift-crypto 3's `SymmetricKey` is not `Sendable`.
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    static let maxLength = 1024

    init(signingKey: [UInt8]) {
        keyBytes = Array(HMAC<SHA256>.authenticationCode(for: Data("brainy-server ad tokens v1".utf8),
                                                         using: SymmetricKey(data: signingKey)))
    }

    func sign(_ claims: AdTokenClaims) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // try! is sound: the claims are strings, an Int and a string enum, which JSONEncoder always encodes.
        let payload = Base64URL.encode(try! encoder.encode(claims))
        let signature = HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key)
        return payload + "." + Base64URL.encode(Data(signature))
    }

    /// The claims of a token this server signed; nil for anything else (malformed, altered, forged).
    func verify(_ token: String) -> AdTokenClaims? {
        guard token.utf8.count <= Self.maxLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(parts[0]), let signature = Base64URL.decode(parts[1]),
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(parts[0].utf8), using: key)
        else { return nil }
        return try? JSONDecoder().decode(AdTokenClaims.self, from: payload)
    }
}
