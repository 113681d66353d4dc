import Foundation
import JWTKit

/// Short-lived access tokens: JWTs signed with HS256 by jwt-kit, naming the account and the login they were issued
/// to. The key is derived from the server's signing key for this one use (see `HMACKey.derived`).
struct AccessTokens: Sendable {
    struct Claims: JWTPayload, Equatable {
        /// The account id.
        var sub: SubjectClaim
        /// The login (refresh-token family) the token was issued to: revoking the login revokes the token at once.
        var sid: String?
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var iss: IssuerClaim
        /// Not before: this server never sets it, but a token carrying one in the future is refused.
        var nbf: NotBeforeClaim?

        init(sub: String, sid: String?, iat: Int, exp: Int, iss: String = AccessTokens.issuer, nbf: Int? = nil) {
            self.sub = SubjectClaim(value: sub)
            self.sid = sid
            self.iat = IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(iat)))
            self.exp = ExpirationClaim(value: Date(timeIntervalSince1970: TimeInterval(exp)))
            self.iss = IssuerClaim(value: iss)
            self.nbf = nbf.map { NotBeforeClaim(value: Date(timeIntervalSince1970: TimeInterval($0))) }
        }

        /// What holds at any moment: this server issued it. The expiry is checked against the server's clock in
        /// `AccessTokens.verify`, which jwt-kit's payload check has no way to be handed.
        func verify(using _: some JWTAlgorithm) throws {
            guard iss.value == AccessTokens.issuer else {
                throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "not issued by \(AccessTokens.issuer)")
            }
        }
    }

    static let issuer = "brainy-server"
    /// Seconds a token's `iat` or `nbf` may lie ahead of the server's clock (instances' clocks differ a little).
    static let leeway: TimeInterval = 60
    private let key: HMACKey
    /// Seconds an access token stays valid.
    let lifetime: Int

    init(key: [UInt8], lifetime: Int) {
        self.key = .derived(from: key, for: "brainy-server access tokens v1")
        self.lifetime = lifetime
    }

    func issue(subject: String, login: String, now: Date) async throws -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        return try await sign(Claims(sub: subject, sid: login, iat: issuedAt, exp: issuedAt + lifetime))
    }

    /// `{"alg":"HS256","typ":"JWT"}` and the claims, sorted, in whole seconds.
    func sign(_ claims: Claims) async throws -> String {
        try await JWTKeyCollection.hs256(key).sign(claims)
    }

    /// The claims of a token this server signed and that has not expired; a 401 otherwise. A token without a login
    /// (signed before tokens named theirs) is refused too: its holder refreshes it once.
    func verify(_ token: String, now: Date) async throws(APIError) -> (subject: String, login: String, expiresAt: Date) {
        let invalid = APIError(.unauthorized, "invalid_token", "The access token is not valid. Sign in again.")
        let claims: Claims
        do {
            claims = try await JWTKeyCollection.hs256(key).verify(token, as: Claims.self)
        } catch {
            throw invalid
        }
        guard let login = claims.sid else { throw invalid }
        do {
            try claims.exp.verifyNotExpired(currentDate: now)
        } catch {
            throw APIError(.unauthorized, "token_expired", "The access token has expired. Refresh it or sign in again.")
        }
        // Issued in the future, or not valid yet: a token from a server whose clock is wrong, or made to outlive its
        // lifetime. Refused beyond a small leeway.
        let latest = now.addingTimeInterval(Self.leeway)
        if claims.iat.value > latest || (claims.nbf.map { $0.value > latest } ?? false) {
            throw APIError(.unauthorized, "invalid_token",
                           "The access token is not valid yet (issued in the future). Sign in again.")
        }
        return (claims.sub.value, login, claims.exp.value)
    }
}
