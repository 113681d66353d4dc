import ArgumentParser
import BrainyCommandLine
import BrainyKit
import Logging

/// The flags of `brainy-server`, declared once: their names, values, help and completion. swift-argument-parser
/// reads them and renders `--help` and the completion scripts from them, and the man page is rendered from its
/// description of them (`ServerCommand.manual`). Values stay text here; `ServerArguments.parse` turns them into
/// settings with the server's own messages, and adds the environment's fallbacks. A value is the next argument
/// whatever it starts with (`--refusal-delay -1` is a bad delay, `--secret -x…` a secret).
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("host"), parsing: .unconditional,
            help: ArgumentHelp("the address to listen on (default: 127.0.0.1)", valueName: "address"))
    var host: String?

    @Option(name: .customLong("port"), parsing: .unconditional,
            help: ArgumentHelp("the port (default: 8080; 0 picks a free one)", valueName: "n"))
    var port: String?

    @Option(name: .customLong("db"), parsing: .unconditional,
            help: ArgumentHelp("the SQLite database (default: $XDG_DATA_HOME/brainy-server/server.sqlite)", valueName: "path"),
            completion: .file())
    var databasePath: String?

    @Option(name: .customLong("database"), parsing: .unconditional,
            help: ArgumentHelp("a PostgreSQL database in place of SQLite, as postgres://user:password@host:port/db (or $DATABASE_URL); instances sharing it need the same key: one --secret, or one key file (default with PostgreSQL: $XDG_DATA_HOME/brainy-server/server.key)", valueName: "url"))
    var database: String?

    @Option(name: .customLong("secret"), parsing: .unconditional,
            help: ArgumentHelp("the key that signs access tokens, at least 16 bytes (or $BRAINY_SECRET; default: a random key kept in the key file)", valueName: "text"))
    var secret: String?

    @Option(name: .customLong("key-file"), parsing: .unconditional,
            help: ArgumentHelp("the file (mode 0600) holding that random key, made on first start (or $BRAINY_KEY_FILE; default: the database's path with .key added)", valueName: "path"),
            completion: .file())
    var keyFile: String?

    @Option(name: .customLong("log-level"), parsing: .unconditional,
            help: ArgumentHelp("trace, debug, info, notice, warning, error or critical (default: info)", valueName: "level"),
            completion: .list(Logger.Level.allCases.map(\.rawValue)))
    var logLevel: String?

    @Option(name: .customLong("google-client-id"), parsing: .unconditional,
            help: ArgumentHelp("accept Google sign-in for this OAuth client id (or $BRAINY_GOOGLE_CLIENT_ID)", valueName: "id"))
    var googleClientId: String?

    @Option(name: .customLong("google-client-secret"), parsing: .unconditional,
            help: ArgumentHelp("the secret of that \"TVs and limited input devices\" client, handed to the shell for the device flow (or $BRAINY_GOOGLE_CLIENT_SECRET)", valueName: "secret"))
    var googleClientSecret: String?

    @Option(name: .customLong("apple-client-id"), parsing: .unconditional,
            help: ArgumentHelp("accept Sign in with Apple ID tokens for this client id (or $BRAINY_APPLE_CLIENT_ID); Apple has no device flow, so the shell is not offered it", valueName: "id"))
    var appleClientId: String?

    @Option(name: .customLong("admin-token"), parsing: .unconditional,
            help: ArgumentHelp("the token the ad administration (/v1/ads/house, /v1/ads/report) requires, at least 16 bytes (or $BRAINY_ADMIN_TOKEN); without one it is closed", valueName: "text"))
    var adminToken: String?

    /// Repeatable: each one `<action>=<count>/<seconds>`, `<action>=off` or `off`.
    @Option(name: .customLong("rate-limit"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("at most count requests per seconds (a burst of count, then steadily) of one action: register, login, check-email (per client address), login-account (per account, from all addresses); '<action>=off' or 'off' lifts limits; repeatable (or $BRAINY_RATE_LIMITS, comma-separated). Default: register=20/3600, login=30/300, login-account=100/3600, check-email=60/60", valueName: "action=count/seconds"),
            completion: .list(RateLimitedAction.allCases.map { $0.rawValue + "=" } + ["off"]))
    var rateLimits: [String] = []

    @Option(name: .customLong("refusal-delay"), parsing: .unconditional,
            help: ArgumentHelp("how long a refused request (429 rate-limited, 423 locked) waits before its answer, 0 to 60 (default: 1): a flood of refusals from one client then costs the server next to nothing", valueName: "seconds"))
    var refusalDelay: String?

    @Option(name: .customLong("database-timeout"), parsing: .unconditional,
            help: ArgumentHelp("how long a request may wait for the database, 0.1 to 600 (default: 4); past it the answer is 503 database_unavailable with Retry-After, and the connection it held is closed", valueName: "seconds"))
    var databaseTimeout: String?

    @Option(name: .customLong("header-timeout"), parsing: .unconditional,
            help: ArgumentHelp("how long a client has to send a request's line and headers, 1 to 3600 (default: 10); then the connection is closed", valueName: "seconds"))
    var headerTimeout: String?

    @Option(name: .customLong("body-timeout"), parsing: .unconditional,
            help: ArgumentHelp("how long a client has to send a request's whole body once its headers came, 1 to 3600 (default: 30); then it is answered 408 and the connection closed", valueName: "seconds"))
    var bodyTimeout: String?

    @Option(name: .customLong("idle-timeout"), parsing: .unconditional,
            help: ArgumentHelp("how long a connection may sit idle between requests, 1 to 3600 (default: 60)", valueName: "seconds"))
    var idleTimeout: String?

    @Option(name: .customLong("metrics-token"), parsing: .unconditional,
            help: ArgumentHelp("GET /metrics answers only 'Authorization: Bearer <text>', at least 16 bytes (or $BRAINY_METRICS_TOKEN); without one it is open: keep it for your network", valueName: "text"))
    var metricsToken: String?

    @Flag(name: .customLong("behind-proxy"),
          help: "count clients by the last address in X-Forwarded-For (only behind a reverse proxy that sets it: clients can send the header themselves)")
    var behindProxy = false

    @Flag(name: .customLong("rank-without-tickets"),
          help: "let quizzes played without a quiz ticket rank on the leaderboard, as before tickets (a transition while older devices upload); by default only quizzes on a ticket this server dealt rank")
    var ranksWithoutTickets = false

    @Flag(name: .customLong("dev-idp"),
          help: "act as a local identity provider for Google and Apple (demos and tests): a device flow and approval page under /dev-idp, tokens signed with a key kept in the database, made by the first start; replaces the real providers")
    var devIdP = false

    @Flag(name: .customLong("man"), help: "print this manual as a man page (roff), as installed for 'man brainy-server'")
    var manual = false

    @Option(name: .customLong("completion"), parsing: .unconditional,
            help: ArgumentHelp("print the completion script of brainy-server's options for bash, zsh or fish", valueName: "shell"),
            completion: .list(BrainyCommandLine.CompletionShell.typedNames))
    var completion: String?

    @Flag(name: .customLong("version"), help: "print the version and exit")
    var version = false
}
