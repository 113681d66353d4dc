import Foundation

/// What a verified ID token says about who signed in, whichever provider issued it: `IDTokenVerifier` reads it from
/// jwt-kit's vendor type for the provider once every check has passed.
struct IDTokenClaims: Equatable, Sendable {
    var issuer: String
    /// The provider's stable, non-empty id for the person.
    var subject: String
    var audiences: [String]
    var email: String?
    /// Whether the provider vouches for `email` (`email_verified`, as a boolean or the string "true").
    var emailVerified: Bool
    /// The nonce the sign-in sent the provider, which a browser sign-in holds the token to; nil when absent.
    var nonce: String? = nil
    /// The provider's own name for the person (Kakao's `nickname`), uncleaned; nil when the token names none.
    var name: String? = nil

    /// The email address, lower-cased, when the provider vouches for it.
    var verifiedEmail: String? {
        guard emailVerified, let email else { return nil }
        let trimmed = email.trimmingCharacters(in: .whitespaces).lowercased()
        return EmailAddress.isValid(trimmed) ? trimmed : nil
    }
}
