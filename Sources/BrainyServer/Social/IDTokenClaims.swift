import Foundation

/// The claims of an OpenID Connect ID token that sign-in reads. Every member is optional when decoding so that a
/// missing claim is reported by name instead of as a decoding failure.
struct IDTokenClaims: Decodable, Equatable, Sendable {
    var iss: String?
    var sub: String?
    /// One audience or several: `aud` may be a string or an array (OIDC Core §2).
    var aud: [String]
    /// The authorized party, which must be this client when there are several audiences.
    var azp: String?
    var exp: Double?
    var iat: Double?
    var nbf: Double?
    var email: String?
    /// Apple has sent this as the string "true"; Google as a boolean.
    var emailVerified: Bool

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nbf, email, emailVerified = "email_verified"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decodeIfPresent(String.self, forKey: .iss)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        if let one = try? container.decodeIfPresent(String.self, forKey: .aud) {
            aud = [one]
        } else {
            aud = try container.decodeIfPresent([String].self, forKey: .aud) ?? []
        }
        azp = try container.decodeIfPresent(String.self, forKey: .azp)
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        iat = try container.decodeIfPresent(Double.self, forKey: .iat)
        nbf = try container.decodeIfPresent(Double.self, forKey: .nbf)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
    }

    /// The email address, lower-cased, when the provider vouches for it.
    var verifiedEmail: String? {
        guard emailVerified, let email else { return nil }
        let trimmed = email.trimmingCharacters(in: .whitespaces).lowercased()
        return EmailAddress.isValid(trimmed) ? trimmed : nil
    }
}
