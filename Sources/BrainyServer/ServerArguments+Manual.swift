import BrainyKit
import Logging

extension ServerArguments {
    /// What `brainy-server --help` says, and `man brainy-server` and the completion scripts with it.
    public static let manual = CommandLineManual(
        name: "brainy-server",
        summary: "the Brainy sync server",
        description: [
            "The Brainy sync server: remote config, question pack, email accounts, result upload and the daily leaderboard, Google and Apple sign-in, as JSON under /v1 (see docs/openapi.yaml).",
            "'brainy-server migrate' with --db or --database brings that database's schema up to date and exits: a server does it at start too, so this is for upgrading before instances start.",
        ],
        options: [
            CommandLineOption("--host", placeholder: "<address>", value: .text,
                              text: "the address to listen on (default: 127.0.0.1)"),
            CommandLineOption("--port", placeholder: "<n>", value: .text, text: "the port (default: 8080; 0 picks a free one)"),
            CommandLineOption("--db", placeholder: "<path>", value: .file,
                              text: "the SQLite database (default: $XDG_DATA_HOME/brainy-server/server.sqlite)"),
            CommandLineOption("--database", placeholder: "<url>", value: .text,
                              text: "a PostgreSQL database in place of SQLite, as postgres://user:password@host:port/db (or $DATABASE_URL); instances sharing it need the same key: one --secret, or one key file (default with PostgreSQL: $XDG_DATA_HOME/brainy-server/server.key)"),
            CommandLineOption("--secret", placeholder: "<text>", value: .text,
                              text: "the key that signs access tokens (or $BRAINY_SECRET; default: a random key kept in the key file)"),
            CommandLineOption("--key-file", placeholder: "<path>", value: .file,
                              text: "the file (mode 0600) holding that random key, made on first start (or $BRAINY_KEY_FILE; default: the database's path with .key added)"),
            CommandLineOption("--log-level", placeholder: "<l>", value: .words(Logger.Level.allCases.map(\.rawValue)),
                              text: "trace, debug, info, notice, warning, error or critical (default: info)"),
            CommandLineOption("--google-client-id", placeholder: "<id>", value: .text,
                              text: "accept Google sign-in for this OAuth client id (or $BRAINY_GOOGLE_CLIENT_ID)"),
            CommandLineOption("--google-client-secret", placeholder: "<secret>", value: .text,
                              text: "the secret of that \"TVs and limited input devices\" client, handed to the shell for the device flow (or $BRAINY_GOOGLE_CLIENT_SECRET)"),
            CommandLineOption("--apple-client-id", placeholder: "<id>", value: .text,
                              text: "accept Sign in with Apple ID tokens for this client id (or $BRAINY_APPLE_CLIENT_ID); Apple has no device flow, so the shell is not offered it"),
            CommandLineOption("--admin-token", placeholder: "<text>", value: .text,
                              text: "the token the ad administration (/v1/ads/house, /v1/ads/report) requires, at least 16 bytes (or $BRAINY_ADMIN_TOKEN); without one it is closed"),
            CommandLineOption("--rate-limit", placeholder: "<action>=<count>/<seconds>",
                              value: .words(RateLimitedAction.allCases.map { $0.rawValue + "=" } + ["off"]),
                              text: "at most count requests per seconds (a burst of count, then steadily) of one action: register, login, check-email (per client address), login-account (per account, from all addresses); '<action>=off' or 'off' lifts limits; repeatable (or $BRAINY_RATE_LIMITS, comma-separated). Default: register=20/3600, login=30/300, login-account=100/3600, check-email=60/60"),
            CommandLineOption("--refusal-delay", placeholder: "<seconds>", value: .text,
                              text: "how long a refused request (429 rate-limited, 423 locked) waits before its answer, 0 to 60 (default: 1): a flood of refusals from one client then costs the server next to nothing"),
            CommandLineOption("--behind-proxy",
                              text: "count clients by the last address in X-Forwarded-For (only behind a reverse proxy that sets it: clients can send the header themselves)"),
            CommandLineOption("--dev-idp",
                              text: "act as a local identity provider for Google and Apple (demos and tests): a device flow and approval page under /dev-idp, tokens signed with a key kept in the database, made by the first start; replaces the real providers"),
            CommandLineOption("--man", text: "print this manual as a man page (roff), as installed for 'man brainy-server'"),
            CommandLineOption("--completion", value: .words(CompletionShell.typedNames),
                              text: "print the completion script of brainy-server's options for bash, zsh or fish"),
            CommandLineOption("-h", "--help", text: "show this help"),
        ],
        sections: [
            .init("ENVIRONMENT", "BRAINY_SECRET, BRAINY_KEY_FILE, BRAINY_GOOGLE_CLIENT_ID, BRAINY_GOOGLE_CLIENT_SECRET, BRAINY_APPLE_CLIENT_ID, BRAINY_ADMIN_TOKEN and BRAINY_RATE_LIMITS stand for the flags of the same names, DATABASE_URL for --database; BRAINY_RESOURCES the folder of the question pack, default config and house ads (default: ../share/brainy beside the executable)."),
        ],
        version: BrainyVersion.current
    )
}
