import Crypto
import Foundation
import JWTKit

extension HMACKey {
    /// A key of its own for one use of the server's signing key: HMAC-SHA256 of the label under the signing key. So
    /// a token of one kind never passes for another, and a `--secret` of 16 bytes still makes the 32-byte key HS256
    /// asks for (RFC 7518 §3.2).
    static func derived(from signingKey: [UInt8], for use: String) -> HMACKey {
        HMACKey(from: Array(HMAC<SHA256>.authenticationCode(for: Data(use.utf8), using: SymmetricKey(data: signingKey))))
    }
}
