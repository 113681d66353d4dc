/// The development identity provider's signing key (`--dev-idp`), as PKCS#8 PEM, kept in the database so that every
/// instance on it signs with, and accepts tokens of, the one key. A database holds at most one.
protocol DevIdPKeyStore: Sendable {
    /// The key stored; nil when none is.
    func devIdPKey() async throws -> String?
    /// Stores `pem` unless a key is stored already (another instance's, stored meanwhile), and returns the key stored
    /// after: of instances starting at once, every one gets the key that was stored first.
    func keepDevIdPKey(_ pem: String) async throws -> String
}
