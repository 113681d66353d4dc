/// A place outside the database file where the shell can keep a sign-in's tokens.
protocol SecretStore: Sendable {
    /// Keeps `secret` for `key`, replacing what was there.
    func store(_ secret: String, for key: SecretKey) throws(SecretTool.Failure)
    /// The secret kept for `key`; nil when there is none.
    func lookup(_ key: SecretKey) throws(SecretTool.Failure) -> String?
    /// Forgets the secret kept for `key` (nothing kept is no failure).
    func clear(_ key: SecretKey) throws(SecretTool.Failure)
}
