import _CryptoExtras

/// The key the development identity provider signs with: one per database, so that a token one instance's
/// development IdP issued is accepted by every instance on the database (issue 15: nothing another instance needs
/// lives in memory). Unlike the access-token key (`SigningKeyFile`), it is kept in the clear in the database: a copy
/// of the database lets its holder sign development tokens, which no more than the approval page of a `--dev-idp`
/// server gives anyone who reaches it, and which a server without `--dev-idp` refuses.
enum DevIdPKey {
    /// The key `store` holds; when it holds none, the key `makeKey` makes, stored. Of instances starting at once on
    /// an empty database, each makes a key, the first stored wins, and every one signs with it.
    static func shared(in store: some DevIdPKeyStore, makingIfAbsent makeKey: () throws -> _RSA.Signing.PrivateKey)
        async throws -> _RSA.Signing.PrivateKey {
        let pem: String
        if let stored = try await store.devIdPKey() {
            pem = stored
        } else {
            pem = try await store.keepDevIdPKey(try makeKey().pkcs8PEMRepresentation)
        }
        do {
            return try _RSA.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw DevIdPKeyError.unreadable
        }
    }
}
