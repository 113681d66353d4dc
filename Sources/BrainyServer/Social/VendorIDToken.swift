import JWTKit

/// One of jwt-kit's vendor types for a provider's ID token, as sign-in reads it: `GoogleIdentityToken` and
/// `AppleIdentityToken` already have these members under these names. Their `verify(using:)` is never called (it
/// judges `exp` by the wall clock); `IDTokenVerifier` checks these claims with the server's clock instead.
protocol VendorIDToken: JWTIdentityToken {
    var issuer: IssuerClaim { get }
    var subject: SubjectClaim { get }
    var issuedAt: IssuedAtClaim { get }
    var expires: ExpirationClaim { get }
    var email: String? { get }
    /// Apple has sent this as the string "true"; Google as a boolean (`BoolClaim` reads both).
    var emailVerified: BoolClaim? { get }
    /// `azp`, the client the token was handed to, which must be this client when there are several audiences; nil
    /// when the vendor type does not keep it.
    var authorizedParty: String? { get }
    /// `nonce`, which a browser sign-in sent the provider and expects back.
    var nonce: String? { get }
    /// The provider's own name for the person (Kakao's `nickname`), as the token says it (uncleaned); nil when the
    /// vendor type keeps none.
    var personName: String? { get }
}

extension VendorIDToken {
    var personName: String? { nil }
}

/// Google's type requires `azp`: a Google token without it is refused.
extension GoogleIdentityToken: VendorIDToken {
    var authorizedParty: String? { authorizedPresenter }
}

/// Apple's type keeps no `azp` (Apple's tokens name one audience, the app), so a token for several is refused.
extension AppleIdentityToken: VendorIDToken {
    var authorizedParty: String? { nil }
}
