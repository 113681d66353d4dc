import JWTKit

/// Kakao's OpenID Connect ID token, as Kakao Login documents it (jwt-kit has no vendor type for Kakao): `iss`
/// (`https://kauth.kakao.com`), `aud` (the app's REST API key), `sub` (the Kakao user id), `iat`, `exp`, `nonce`, and,
/// with the person's consent, `email`. Kakao vouches for an email in the ID token only through `email_verified`;
/// without it the address is not taken as verified.
struct KakaoIdentityToken: VendorIDToken {
    enum CodingKeys: String, CodingKey {
        case issuer = "iss", subject = "sub", audience = "aud", issuedAt = "iat", expires = "exp"
        case email, emailVerified = "email_verified", nonce, nickname
    }

    let issuer: IssuerClaim
    let subject: SubjectClaim
    let audience: AudienceClaim
    let issuedAt: IssuedAtClaim
    let expires: ExpirationClaim
    let email: String?
    let emailVerified: BoolClaim?
    let nonce: String?
    let nickname: String?

    /// Kakao's tokens name one audience, the app.
    var authorizedParty: String? { nil }

    /// The nickname the person gave Kakao, with the `profile_nickname` consent item.
    var personName: String? { nickname }

    /// `IDTokenVerifier` checks the claims with the server's clock (see `ProviderIDToken`).
    func verify(using _: some JWTAlgorithm) throws {}
}
