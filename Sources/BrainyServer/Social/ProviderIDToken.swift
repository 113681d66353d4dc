import JWTKit

/// The payload jwt-kit decodes an ID token into once it has checked the signature: the provider's vendor type
/// (`GoogleIdentityToken`, `AppleIdentityToken`) wrapped so that the server, not the vendor type, judges the claims.
///
/// Why a wrapper and not the vendor type itself: jwt-kit calls the payload's `verify(using:)` right after the
/// signature, and the vendor types' check `exp` against the wall clock (`Date()`), while this server holds every time
/// to its injected clock (deterministic tests, one clock for all instances). This wrapper's `verify(using:)` checks
/// nothing; `IDTokenVerifier` checks the claims with the server's clock once it has this payload. And a payload the
/// vendor type cannot read (a claim it requires missing or of the wrong kind) is kept as the reason, naming the claim,
/// instead of being thrown from decoding, where jwt-kit would turn it into an opaque "Couldn't decode" error.
struct ProviderIDToken<Token: VendorIDToken>: JWTPayload {
    /// `iss` when it is a string, read apart from `Token` so that another provider's token is refused as such even
    /// when it lacks a claim this provider's type requires.
    let issuer: String?
    /// The claims, or why `Token` cannot read them.
    let claims: Result<Claims, IDTokenError>

    struct Claims: Sendable {
        var token: Token
        /// `nbf`, which neither vendor type keeps.
        var notBefore: NotBeforeClaim?
    }

    enum CodingKeys: String, CodingKey {
        case iss, nbf
    }

    init(from decoder: any Decoder) throws {
        // A payload that is not a JSON object is thrown: jwt-kit reports it malformed.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try? container.decode(String.self, forKey: .iss)
        do {
            claims = .success(Claims(token: try Token(from: decoder),
                                     notBefore: try container.decodeIfPresent(NotBeforeClaim.self, forKey: .nbf)))
        } catch let error as DecodingError {
            claims = .failure(IDTokenError(unreadable: error))
        }
    }

    /// The claims as read; a payload that could not be read cannot be written either.
    func encode(to encoder: any Encoder) throws {
        let claims = try claims.get()
        try claims.token.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(claims.notBefore, forKey: .nbf)
    }

    /// Nothing here: which issuer, audience and times are right depends on the provider and the server's clock, so
    /// `IDTokenVerifier` checks them (see above).
    func verify(using _: some JWTAlgorithm) throws {}
}
