/// What a command that does not sign in or out reads of the sync server's side (`profile`, `settings server`): the
/// server in use and whether it answered last time. A value: it can call nothing and end no sign-in.
struct RemoteStatus: Equatable {
    /// The sync server in use: `--server`, else the `server` setting.
    var serverURL: String?
    /// Whether the last call to the server got through (nil: none made in this run).
    var serverReachable: Bool?
    /// Where the signed-in account's tokens are kept (nil: signed in on no server), read from the database file
    /// without asking the keyring.
    var tokensKeptIn: TokenHolder? = nil

    /// Offline: no server, or the last call to it did not get through.
    var isOffline: Bool { serverURL == nil || serverReachable == false }
}

extension RemoteSession {
    /// The server in use and whether it answered, as a value for the commands that only read them.
    var status: RemoteStatus {
        RemoteStatus(serverURL: serverURL, serverReachable: serverReachable,
                     tokensKeptIn: signedInUser().flatMap { tokenKeeper.holder(userId: $0.id) })
    }
}
