/// The Secret Service through whichever `secret-tool` `PATH` finds when a token is first kept or read, not at start:
/// looking then would cost every start (`brainy -c help`, which calls no server) a walk of `PATH` and the process's
/// whole environment, 14% of its instructions. Not installed is `SecretTool.Failure.notInstalled` at that first use,
/// and the tokens go to the database file.
struct SecretServiceOnPath: SecretStore {
    private var service: SecretServiceStore { SecretServiceStore(tool: SecretTool.onPath()) }

    func store(_ secret: String, for key: SecretKey) throws(SecretTool.Failure) {
        try service.store(secret, for: key)
    }

    func lookup(_ key: SecretKey) throws(SecretTool.Failure) -> String? {
        try service.lookup(key)
    }

    func clear(_ key: SecretKey) throws(SecretTool.Failure) {
        try service.clear(key)
    }
}
