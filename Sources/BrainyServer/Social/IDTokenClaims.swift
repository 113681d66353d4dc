import Foundation
import JWTKit

/// The claims of an OpenID Connect ID token that sign-in reads, as jwt-kit's claim types. Every member is optional
/// when decoding so that a missing claim is reported by name instead of as a decoding failure.
struct IDTokenClaims: JWTPayload, Equatable {
    var iss: IssuerClaim?
    var sub: SubjectClaim?
    /// One audience or several: `aud` may be a string or an array (OIDC Core §2).
    var aud: AudienceClaim?
    /// The authorized party, which must be this client when there are several audiences.
    var azp: String?
    var exp: ExpirationClaim?
    var iat: IssuedAtClaim?
    var nbf: NotBeforeClaim?
    var email: String?
    /// Apple has sent this as the string "true"; Google as a boolean. (`BoolClaim` reads both.)
    var emailVerified: BoolClaim?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nbf, email, emailVerified = "email_verified"
    }

    /// Nothing here: which issuer, audience and times are right depends on the provider and the server's clock, so
    /// `IDTokenVerifier` checks them once jwt-kit has checked the signature.
    func verify(using _: some JWTAlgorithm) throws {}

    /// The email address, lower-cased, when the provider vouches for it.
    var verifiedEmail: String? {
        guard emailVerified?.value == true, let email else { return nil }
        let trimmed = email.trimmingCharacters(in: .whitespaces).lowercased()
        return EmailAddress.isValid(trimmed) ? trimmed : nil
    }
}
