import ArgumentParser

/// The flags of `brainy-server` as swift-argument-parser reads them: the names, which take a value, `--x=y` or
/// `--x y`, and unknown or missing ones. Values stay text here; `ServerArguments.parse` turns them into settings with
/// the messages the server has always given, and adds the environment's fallbacks. `--help`, the man page and the
/// completion scripts come from `ServerArguments.manual`, which a test holds to these names.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("host")) var host: String?
    @Option(name: .customLong("port")) var port: String?
    @Option(name: .customLong("db")) var databasePath: String?
    @Option(name: .customLong("database")) var database: String?
    @Option(name: .customLong("secret")) var secret: String?
    @Option(name: .customLong("key-file")) var keyFile: String?
    @Option(name: .customLong("log-level")) var logLevel: String?
    @Option(name: .customLong("google-client-id")) var googleClientId: String?
    @Option(name: .customLong("google-client-secret")) var googleClientSecret: String?
    @Option(name: .customLong("apple-client-id")) var appleClientId: String?
    @Option(name: .customLong("admin-token")) var adminToken: String?
    /// Repeatable: each one `<action>=<count>/<seconds>`, `<action>=off` or `off`.
    @Option(name: .customLong("rate-limit")) var rateLimits: [String] = []
    @Flag(name: .customLong("behind-proxy")) var behindProxy = false
    @Flag(name: .customLong("dev-idp")) var devIdP = false
    @Flag(name: .customLong("man")) var manual = false
    @Option(name: .customLong("completion")) var completion: String?
}
