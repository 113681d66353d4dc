import ArgumentParser

/// The flags of `brainy-server` as swift-argument-parser reads them: the names, which take a value, `--x=y` or
/// `--x y`, and unknown or missing ones. Values stay text here; `ServerArguments.parse` turns them into settings with
/// the messages the server has always given, and adds the environment's fallbacks. `--help`, the man page and the
/// completion scripts come from `ServerArguments.manual`, which a test holds to these names. A value is the next
/// argument whatever it starts with (`--refusal-delay -1` is a bad delay, `--secret -x…` a secret), as before.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("host"), parsing: .unconditional) var host: String?
    @Option(name: .customLong("port"), parsing: .unconditional) var port: String?
    @Option(name: .customLong("db"), parsing: .unconditional) var databasePath: String?
    @Option(name: .customLong("database"), parsing: .unconditional) var database: String?
    @Option(name: .customLong("secret"), parsing: .unconditional) var secret: String?
    @Option(name: .customLong("key-file"), parsing: .unconditional) var keyFile: String?
    @Option(name: .customLong("log-level"), parsing: .unconditional) var logLevel: String?
    @Option(name: .customLong("google-client-id"), parsing: .unconditional) var googleClientId: String?
    @Option(name: .customLong("google-client-secret"), parsing: .unconditional) var googleClientSecret: String?
    @Option(name: .customLong("apple-client-id"), parsing: .unconditional) var appleClientId: String?
    @Option(name: .customLong("admin-token"), parsing: .unconditional) var adminToken: String?
    /// Repeatable: each one `<action>=<count>/<seconds>`, `<action>=off` or `off`.
    @Option(name: .customLong("rate-limit"), parsing: .unconditionalSingleValue) var rateLimits: [String] = []
    @Option(name: .customLong("refusal-delay"), parsing: .unconditional) var refusalDelay: String?
    @Option(name: .customLong("database-timeout"), parsing: .unconditional) var databaseTimeout: String?
    @Option(name: .customLong("header-timeout"), parsing: .unconditional) var headerTimeout: String?
    @Option(name: .customLong("body-timeout"), parsing: .unconditional) var bodyTimeout: String?
    @Option(name: .customLong("idle-timeout"), parsing: .unconditional) var idleTimeout: String?
    @Option(name: .customLong("metrics-token"), parsing: .unconditional) var metricsToken: String?
    @Flag(name: .customLong("behind-proxy")) var behindProxy = false
    @Flag(name: .customLong("version")) var version = false
    @Flag(name: .customLong("dev-idp")) var devIdP = false
    @Flag(name: .customLong("man")) var manual = false
    @Option(name: .customLong("completion"), parsing: .unconditional) var completion: String?
}
