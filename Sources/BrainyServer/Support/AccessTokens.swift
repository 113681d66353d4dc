import Crypto
import Foundation

/// Short-lived access tokens: JWTs signed with HS256 (HMAC-SHA256 from swift-crypto; jwt-kit 5 would have
/// required moving the whole project to swift-crypto 4 for these few lines).
struct AccessTokens: Sendable {
    struct Claims: Codable, Equatable {
        /// The account id.
        var sub: String
        /// The login (refresh-token family) the token was issued to: revoking the login revokes the token at once.
        var sid: String?
        var iat: Int
        var exp: Int
        var iss: String
    }

    private struct Header: Codable {
        var alg: String
        var typ: String
    }

    static let issuer = "brainy-server"
    /// The JOSE header is the same for every token: `{"alg":"HS256","typ":"JWT"}`, base64url-encoded.
    static let encodedHeader = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    /// Kept as bytes: swift-crypto 3's `SymmetricKey` is not `Sendable`.
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    /// Seconds an access token stays valid.
    let lifetime: Int

    init(key: [UInt8], lifetime: Int) {
        keyBytes = key
        self.lifetime = lifetime
    }

    func issue(subject: String, login: String, now: Date) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        return sign(Claims(sub: subject, sid: login, iat: issuedAt, exp: issuedAt + lifetime, iss: Self.issuer))
    }

    func sign(_ claims: Claims) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // try! is sound: JSONEncoder fails only on non-finite floats or values that encode nothing, and Claims holds
        // two Ints and four Strings.
        let payload = try! encoder.encode(claims)
        let signingInput = Self.encodedHeader + "." + Base64URL.encode(payload)
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Data(signature))
    }

    /// The claims of a token this server signed and that has not expired; a 401 otherwise. A token without a login
    /// (signed before tokens named theirs) is refused too: its holder refreshes it once.
    func verify(_ token: String, now: Date) throws(APIError) -> (subject: String, login: String, expiresAt: Date) {
        let invalid = APIError(.unauthorized, "invalid_token", "The access token is not valid. Sign in again.")
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let payloadData = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData), header.alg == "HS256",
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8),
                                                     using: key),
              let claims = try? JSONDecoder().decode(Claims.self, from: payloadData), claims.iss == Self.issuer,
              let login = claims.sid
        else { throw invalid }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(claims.exp))
        guard expiresAt > now else {
            throw APIError(.unauthorized, "token_expired", "The access token has expired. Refresh it or sign in again.")
        }
        return (claims.sub, login, expiresAt)
    }
}

/// Refresh tokens: 32 random bytes in base64url, of which only the SHA-256 hash is stored.
enum RefreshTokens {
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// 32 random bytes for a new signing key.
    static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// Base64 with the URL alphabet and no padding (RFC 7515).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
