/// The Secret Service (GNOME Keyring, KWallet) as the executable hands it to the shell. Only `brainy` wires the real
/// one in (`ShellServices.keyring`); a session made without it (tests, embedders) keeps its tokens in its database
/// file and never touches the keyring of the machine it runs on.
public struct Keyring: Sendable {
    let store: any SecretStore

    init(store: any SecretStore) {
        self.store = store
    }

    /// The Secret Service through `secret-tool` as `PATH` finds it when a token is first kept or read (nothing is
    /// looked up or run at start); without libsecret-tools the tokens stay in the database file.
    public static func secretService() -> Keyring {
        Keyring(store: SecretServiceOnPath())
    }
}
