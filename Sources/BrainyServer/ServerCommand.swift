import ArgumentParser

/// `brainy-server [options]`: serve. Only parsed here (`ServerArguments.parse`); the executable runs what it says.
/// Its abstract and discussion head `--help` and the man page.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brainy-server",
        abstract: "the Brainy sync server",
        usage: "brainy-server [options]\nbrainy-server migrate [options]",
        discussion: description + "\n\nEnvironment: " + environment,
        subcommands: [MigrateCommand.self]
    )

    /// What the server is, under the usage line.
    static let description = "The Brainy sync server: remote config, question pack, email accounts, result upload and the daily leaderboard, sign-in with Google, Apple, Kakao and Naver, as JSON under /v1 (see docs/openapi.yaml)."

    /// The environment variables the server reads: the man page's ENVIRONMENT, the end of `--help`.
    static let environment = "BRAINY_SECRET, BRAINY_KEY_FILE, BRAINY_GOOGLE_CLIENT_ID, BRAINY_GOOGLE_CLIENT_SECRET, BRAINY_APPLE_CLIENT_ID, BRAINY_PUBLIC_URL, BRAINY_KAKAO_CLIENT_ID, BRAINY_KAKAO_CLIENT_SECRET, BRAINY_NAVER_CLIENT_ID, BRAINY_NAVER_CLIENT_SECRET, BRAINY_APPLE_CLIENT_SECRET, BRAINY_GOOGLE_WEB_CLIENT_ID, BRAINY_GOOGLE_WEB_CLIENT_SECRET, BRAINY_ADMIN_TOKEN, BRAINY_METRICS_TOKEN and BRAINY_RATE_LIMITS stand for the flags of the same names, DATABASE_URL for --database; BRAINY_RESOURCES the folder of the question pack, default config and house ads (default: ../share/brainy beside the executable); XDG_DATA_HOME the folder under which the default database and key file are kept (an absolute path; a relative one is ignored)."

    @OptionGroup var options: ServerOptions
}
