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
    @Option("host", "address",
            "the address to listen on (default: 127.0.0.1)")
    var host: String?

    @Option("port", "n",
            "the port (default: 8080; 0 picks a free one)")
    var port: String?

    @Option("db", "path",
            "the SQLite database (default: $XDG_DATA_HOME/brainy-server/server.sqlite)",
            completion: .file())
    var databasePath: String?

    @Option("database", "url",
            "a PostgreSQL database in place of SQLite, as postgres://user:password@host:port/db (or $DATABASE_URL); instances sharing it need the same key: one --secret, or one key file (default with PostgreSQL: $XDG_DATA_HOME/brainy-server/server.key)")
    var database: String?

    @Option("secret", "text",
            "the key that signs access tokens, at least 16 bytes (or $BRAINY_SECRET; default: a random key kept in the key file)")
    var secret: String?

    @Option("key-file", "path",
            "the file (mode 0600) holding that random key, made on first start (or $BRAINY_KEY_FILE; default: the database's path with .key added)",
            completion: .file())
    var keyFile: String?

    @Option("log-level", "level",
            "trace, debug, info, notice, warning, error or critical (default: info)",
            completion: .list(Logger.Level.allCases.map(\.rawValue)))
    var logLevel: String?

    @Option("google-client-id", "id",
            "accept Google sign-in for this OAuth client id (or $BRAINY_GOOGLE_CLIENT_ID)")
    var googleClientId: String?

    @Option("google-client-secret", "secret",
            "the secret of that \"TVs and limited input devices\" client, handed to the shell for the device flow (or $BRAINY_GOOGLE_CLIENT_SECRET)")
    var googleClientSecret: String?

    @Option("apple-client-id", "id",
            "accept Sign in with Apple ID tokens for this client id (or $BRAINY_APPLE_CLIENT_ID); Apple has no device flow, so the shell is not offered it")
    var appleClientId: String?

    @Option("public-url", "url",
            "the URL people reach this server by, in front of the browser sign-in's links and redirect URLs (or $BRAINY_PUBLIC_URL)")
    var publicURL: String?

    @Option("kakao-client-id", "key",
            "offer Kakao sign-in through the browser with this REST API key (or $BRAINY_KAKAO_CLIENT_ID)")
    var kakaoClientId: String?

    @Option("kakao-client-secret", "secret",
            "Kakao's client secret, when the app turns it on (or $BRAINY_KAKAO_CLIENT_SECRET)")
    var kakaoClientSecret: String?

    @Option("naver-client-id", "id",
            "offer Naver sign-in through the browser with this client id (or $BRAINY_NAVER_CLIENT_ID)")
    var naverClientId: String?

    @Option("naver-client-secret", "secret",
            "the secret of that Naver client (or $BRAINY_NAVER_CLIENT_SECRET)")
    var naverClientSecret: String?

    @Option("apple-client-secret", "jwt",
            "the client secret JWT for --apple-client-id (a Services ID), to offer Apple sign-in through the browser (or $BRAINY_APPLE_CLIENT_SECRET)")
    var appleClientSecret: String?

    @Option("google-web-client-id", "id",
            "offer Google sign-in through the browser with this \"Web application\" client (or $BRAINY_GOOGLE_WEB_CLIENT_ID)")
    var googleWebClientId: String?

    @Option("google-web-client-secret", "secret",
            "the secret of that web client (or $BRAINY_GOOGLE_WEB_CLIENT_SECRET)")
    var googleWebClientSecret: String?

    @Option("admin-token", "text",
            "the token the ad administration (/v1/ads/house, /v1/ads/report) requires, at least 16 bytes (or $BRAINY_ADMIN_TOKEN); without one it is closed")
    var adminToken: String?

    @Option("consent-documents", "file",
            "the terms of use and privacy policy every account accepts, as GET /v1/auth/consent answers them ({\"documents\": [...]}), in place of the bundled ones; a new version is asked of every account at its next sign-in")
    var consentDocuments: String?

    /// Repeatable: each one `<action>=<count>/<seconds>`, `<action>=off` or `off`.
    @Option(name: .customLong("rate-limit"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("at most count requests per seconds (a burst of count, then steadily) of one action: register, login, check-email (per client address), login-account (per account, from all addresses); '<action>=off' or 'off' lifts limits; repeatable (or $BRAINY_RATE_LIMITS, comma-separated). Default: register=20/3600, login=30/300, login-account=100/3600, check-email=60/60", valueName: "action=count/seconds"),
            completion: .list(RateLimitedAction.allCases.map { $0.rawValue + "=" } + ["off"]))
    var rateLimits: [String] = []

    @Option(seconds: .refusalDelay,
            "how long a refused request (429 rate-limited, 423 locked) waits before its answer, \(SecondsFlag.refusalDelay.rangeText): a flood of refusals from one client then costs the server next to nothing")
    var refusalDelay: String?

    @Option(seconds: .databaseTimeout,
            "how long a request may wait for the database, \(SecondsFlag.databaseTimeout.rangeText); past it the answer is 503 database_unavailable with Retry-After, and the connection it held is closed")
    var databaseTimeout: String?

    @Option(seconds: .headerTimeout,
            "how long a client has to send a request's line and headers, \(SecondsFlag.headerTimeout.rangeText); then the connection is closed")
    var headerTimeout: String?

    @Option(seconds: .bodyTimeout,
            "how long a client has to send a request's whole body once its headers came, \(SecondsFlag.bodyTimeout.rangeText); then it is answered 408 and the connection closed")
    var bodyTimeout: String?

    @Option(seconds: .idleTimeout,
            "how long a connection may sit idle between requests, \(SecondsFlag.idleTimeout.rangeText)")
    var idleTimeout: String?

    @Option("results-per-day", "n",
            "how many results one account may store a UTC day (default: \(StorageQuota.defaults.resultsPerDay)); past it an upload is refused whole with 429 quota_exceeded. Raise it for a benchmark or an import, not for players")
    var resultsPerDay: String?

    @Option("quizzes-per-day", "n",
            "how many quizzes one account may store a UTC day (default: \(StorageQuota.defaults.quizzesPerDay)), as --results-per-day")
    var quizzesPerDay: String?

    @Option("metrics-token", "text",
            "GET /metrics answers only 'Authorization: Bearer <text>', at least 16 bytes (or $BRAINY_METRICS_TOKEN); without one it is open: keep it for your network")
    var metricsToken: String?

    @Flag("behind-proxy",
          "count clients by the last address in X-Forwarded-For (only behind a reverse proxy that sets it: clients can send the header themselves)")
    var behindProxy = false

    @Flag("rank-without-tickets",
          "let quizzes played without a quiz ticket rank on the leaderboard, as before tickets (a transition while older devices upload); by default only quizzes on a ticket this server dealt rank")
    var ranksWithoutTickets = false

    @Flag("dev-idp",
          "act as a local identity provider for Google and Apple (device flow) and Kakao, Naver, Apple and Google (browser sign-in), for demos and tests: their pages and endpoints under /dev-idp, tokens signed with a key kept in the database, made by the first start; replaces the real providers")
    var devIdP = false

    @Flag("man",
          "print this manual as a man page (roff), as installed for 'man brainy-server'")
    var manual = false

    @Option("completion", "shell",
            "print the completion script of brainy-server's options for bash, zsh or fish",
            completion: .list(BrainyCommandLine.CompletionShell.typedNames))
    var completion: String?

    @Flag("version",
          "print the version and exit")
    var version = false
}

extension Option where Value == String? {
    /// A flag that takes a value, `--<long> <value>`: its value is the next argument whatever it starts with. Kept as
    /// text; `ServerArguments.parse` checks it in the server's words.
    init(_ long: String, _ value: String, _ help: String, completion: CompletionKind? = nil) {
        self.init(name: .customLong(long), parsing: .unconditional, help: ArgumentHelp(help, valueName: value),
                  completion: completion)
    }
}

extension Option where Value == String? {
    /// A flag that takes a number of seconds, its name, range and default declared once (`SecondsFlag`).
    init(seconds flag: SecondsFlag, _ help: String) {
        self.init(flag.name, "seconds", help)
    }
}

extension Flag where Value == Bool {
    /// A switch, `--<long>`, off unless given.
    init(wrappedValue: Bool, _ long: String, _ help: String) {
        self.init(wrappedValue: wrappedValue, name: .customLong(long), help: ArgumentHelp(help))
    }
}
