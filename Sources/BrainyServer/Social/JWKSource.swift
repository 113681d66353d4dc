import JWTKit

/// Where an `IDTokenVerifier` finds the key a token names: a provider's JWKS URL, or keys held in memory (the
/// development identity provider, tests).
protocol JWKSource: Sendable {
    /// A key collection holding the RS256 key with id `kid`; with no kid, the only key when there is exactly one.
    func keys(for kid: String?) async throws(IDTokenError) -> JWTKeyCollection
}

/// Keys known up front.
struct StaticJWKSource: JWKSource {
    let published: ProviderKeys

    init(_ keySet: JWKS) {
        published = ProviderKeys(keySet)
    }

    func keys(for kid: String?) async throws(IDTokenError) -> JWTKeyCollection {
        try await published.collection(for: kid)
    }
}
