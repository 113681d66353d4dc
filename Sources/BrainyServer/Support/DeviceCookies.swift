import Crypto
import Foundation

/// Device cookies, as OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes them: a successful
/// sign-in hands the device `dc1.<account>.<nonce>.<mac>`, an HMAC under a key derived from the server's signing key.
/// A sign-in that sends a valid one for the account it names is a trusted client: guesses from elsewhere (the
/// address limits, the lock-outs of addresses, the account-wide slowdown) do not hold it back, and its own failures
/// lock out only that cookie.
struct DeviceCookies: Sendable {
    private let key: SymmetricKey

    static let maxLength = 512

    init(signingKey: [UInt8]) {
        key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data("brainy-server device cookies v1".utf8),
                                                                 using: SymmetricKey(data: signingKey)))
    }

    /// A new cookie for `accountId`.
    func issue(accountId: String) -> String {
        let body = "dc1.\(Base64URL.encode(Data(accountId.utf8))).\(RefreshTokens.generate())"
        return body + "." + Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)))
    }

    /// The account and nonce of a cookie this server issued; nil for anything else (malformed, altered, forged).
    func verify(_ cookie: String) -> (accountId: String, nonce: String)? {
        guard cookie.utf8.count <= Self.maxLength else { return nil }
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "dc1", let mac = Base64URL.decode(parts[3]),
              let account = Base64URL.decode(parts[1]).flatMap({ String(data: $0, encoding: .utf8) }),
              HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(parts[0...2].joined(separator: ".").utf8),
                                                     using: key)
        else { return nil }
        return (account, String(parts[2]))
    }
}
