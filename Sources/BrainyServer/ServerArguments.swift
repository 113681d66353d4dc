import ArgumentParser
import BrainyCommandLine
import BrainyKit
import Foundation
import Logging

/// The settings the command line of `brainy-server` gives: its flags (declared once, in `ServerOptions`) read by
/// swift-argument-parser, checked in the server's words, and completed from the environment.
public struct ServerArguments: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The SQLite file; nil keeps everything in memory (tests), unless `postgres` is set.
    public var databasePath: String?
    /// The PostgreSQL database (`--database`, `DATABASE_URL`), in place of SQLite.
    public var postgres: PostgresURL?
    /// Signs access tokens; when nil a random key is made on first start and kept in the database.
    public var secret: String?
    /// The file holding the signing key when there is no `secret` (`--key-file`); nil keeps it beside the database.
    public var keyFile: String?
    /// Seconds an access token stays valid.
    public var accessTokenLifetime = 900
    public var logLevel: Logger.Level = .info
    /// Serve the development identity provider under /dev-idp and accept its tokens in place of Google's and Apple's.
    public var devIdP = false
    /// This server's OAuth client id at Google; Google sign-in is offered only with one.
    public var googleClientId: String?
    /// The (non-confidential) secret Google gives "TVs and limited input devices" clients with their id.
    public var googleClientSecret: String?
    /// The Services ID (or bundle id) Apple issues tokens for; Apple tokens are accepted only with one.
    public var appleClientId: String?
    /// This server's public URL (`https://quiz.example.com`): the browser sign-in's links and the redirect URIs
    /// registered with each provider begin with it. Real browser providers need it; `--dev-idp` alone takes the Host
    /// a request came by.
    public var publicURL: String?
    /// Kakao's REST API key and (optional) client secret, for Kakao sign-in through the browser.
    public var kakaoClientId: String?
    public var kakaoClientSecret: String?
    /// Naver's client id and secret, for Naver sign-in through the browser.
    public var naverClientId: String?
    public var naverClientSecret: String?
    /// The client secret JWT Apple's token endpoint asks of `appleClientId` (a Services ID), for Apple through the
    /// browser.
    public var appleClientSecret: String?
    /// A Google "Web application" client, for Google through the browser.
    public var googleWebClientId: String?
    public var googleWebClientSecret: String?
    /// Opens the ad administration (`/v1/ads/house`, `/v1/ads/report`) to requests bearing it; closed when nil.
    public var adminToken: String?
    /// The terms of use and privacy policy asked for (`--consent-documents`); nil asks for the bundled ones.
    public var consentDocuments: [ConsentDocument]?
    /// The limits per client address and per account (`--rate-limit`, `BRAINY_RATE_LIMITS`).
    public var rateLimits = RateLimits.defaults
    /// Seconds a refused request (429, 423) waits before its answer (`--refusal-delay`): a flood of refused requests
    /// on a few connections then costs the server next to nothing.
    public var refusalDelay = SecondsFlag.refusalDelay.defaultValue
    /// Take the client's address from `X-Forwarded-For` (a reverse proxy in front adds it).
    public var behindProxy = false
    /// Let quizzes played on no quiz ticket rank as before tickets (`--rank-without-tickets`), for a transition while
    /// older devices upload; off, only quizzes on a ticket the server dealt rank.
    public var ranksQuizzesWithoutTickets = false
    /// Seconds a request may wait for the database (`--database-timeout`) before it is answered 503
    /// `database_unavailable` with `Retry-After`.
    public var databaseTimeout = SecondsFlag.databaseTimeout.defaultValue
    /// Seconds a client has to send a request's head (`--header-timeout`), counted from the connection's start or
    /// the previous answer.
    public var headerTimeout = SecondsFlag.headerTimeout.defaultValue
    /// Seconds a client has to send a request's whole body once its head has come (`--body-timeout`).
    public var bodyTimeout = SecondsFlag.bodyTimeout.defaultValue
    /// Seconds an idle connection between requests is kept (`--idle-timeout`).
    public var idleTimeout = SecondsFlag.idleTimeout.defaultValue
    /// What one account may store a UTC day (`--results-per-day`, `--quizzes-per-day`): the server's rule, which no
    /// client can move; a benchmark restoring a long history raises it.
    public var quota = StorageQuota.defaults
    /// `/metrics` answers only `Authorization: Bearer <this>` when set (`--metrics-token`, `BRAINY_METRICS_TOKEN`).
    public var metricsToken: String?
    public var showHelp = false
    /// `--version`: print the version.
    public var showVersion = false
    /// `--man`: print the manual as a man page.
    public var showManual = false
    /// `--completion bash|zsh|fish`: print that shell's completion script.
    public var completionShell: BrainyCommandLine.CompletionShell?
    /// `brainy-server migrate`: bring the database's schema up to date, then exit instead of serving.
    public var migrateOnly = false

    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String? = nil, secret: String? = nil) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.secret = secret
    }

    /// Where the signing key is kept: `keyFile`, else the database's path with `.key` added; nil (in memory) when
    /// there is no database file either. (On PostgreSQL, `parse` sets `keyFile`: every instance needs the same key.)
    public var signingKeyPath: String? { keyFile ?? databasePath.map { $0 + ".key" } }

    /// A public URL as the browser sign-in writes it: http or https, a host, no query, no trailing slash.
    static func publicURL(_ text: String) throws(UsageError) -> String {
        var url = text.trimmingCharacters(in: .whitespaces)
        while url.hasSuffix("/") { url.removeLast() }
        guard let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme ?? ""),
              parts.host?.isEmpty == false, parts.query == nil, parts.fragment == nil
        else {
            throw UsageError(message: "--public-url takes the URL people reach this server by, as https://quiz.example.com, not '\(text.prefix(100))'.")
        }
        return url
    }

    /// Each browser provider whole (an id with the secret it needs) and, without --dev-idp, a public URL for them.
    static func checkBrowserProviders(_ parsed: ServerArguments) throws(UsageError) {
        let pairs: [(String, String?, String, String?)] = [
            ("--naver-client-id", parsed.naverClientId, "--naver-client-secret", parsed.naverClientSecret),
            ("--google-web-client-id", parsed.googleWebClientId, "--google-web-client-secret", parsed.googleWebClientSecret),
            ("--apple-client-id", parsed.appleClientSecret == nil ? nil : parsed.appleClientId, "--apple-client-secret",
             parsed.appleClientSecret),
        ]
        for (idFlag, id, secretFlag, secret) in pairs where (id == nil) != (secret == nil) {
            throw UsageError(message: "\(idFlag) and \(secretFlag) go together for sign-in through the browser: give both.")
        }
        let browser = parsed.kakaoClientId != nil || parsed.naverClientId != nil || parsed.appleClientSecret != nil
            || parsed.googleWebClientId != nil
        if browser, parsed.publicURL == nil, !parsed.devIdP {
            throw UsageError(message: "Sign-in through the browser needs --public-url (or $BRAINY_PUBLIC_URL): the URL people reach this server by, in front of each provider's redirect URL.")
        }
    }

    public struct UsageError: Error, Equatable, Sendable {
        public var message: String
    }

    /// What `--help` prints: swift-argument-parser's help for the flags `ServerOptions` declares.
    public static var usage: String { ServerCommand.helpMessage() }

    /// What `--man` prints: the man page, rendered from the same declarations as `--help`.
    public static var manPage: String { get throws { try ServerCommand.manual.manPage } }

    /// What `--completion <shell>` prints: swift-argument-parser's completion script for that shell.
    public static func completionScript(for shell: BrainyCommandLine.CompletionShell) -> String {
        // The two enums name the same three shells (bash, zsh, fish); a test holds them together.
        guard let parserShell = ArgumentParser.CompletionShell(rawValue: shell.rawValue) else {
            preconditionFailure("swift-argument-parser writes no completion script for \(shell.rawValue)")
        }
        return ServerCommand.completionScript(for: parserShell)
    }

    /// The version `--version` prints and the man page carries.
    public static var version: String { BrainyVersion.current }

    /// The default database file: `$XDG_DATA_HOME/brainy-server/server.sqlite`, else under `~/.local/share`.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String {
        dataFolder(environment: environment) + "/server.sqlite"
    }

    /// `$XDG_DATA_HOME/brainy-server`, else `~/.local/share/brainy-server`. A relative `XDG_DATA_HOME` is ignored, as
    /// the XDG Base Directory specification says (it would put the database wherever the server was started).
    static func dataFolder(environment: [String: String]) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return base + "/brainy-server"
    }

    public static func parse(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError) -> ServerArguments {
        let command: any ParsableCommand
        do {
            command = try ServerCommand.parseAsRoot(arguments)
        } catch {
            // `-h`, `--help`: the help comes from the manual, like the man page, not from the parser.
            guard ServerCommand.exitCode(for: error) != .success else {
                var parsed = ServerArguments()
                parsed.showHelp = true
                return parsed
            }
            let message = ServerCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            throw UsageError(message: message + (message.hasSuffix(".") || message.hasSuffix("?") ? "" : ".") + " See --help.")
        }
        try refuseRepeatedValues(arguments)
        switch command {
        case let migrate as MigrateCommand:
            // The parser would take flags before the command too, but only to drop them: say where they go.
            guard arguments.first == "migrate" else {
                throw UsageError(message: "migrate comes first: brainy-server migrate [options].")
            }
            var parsed = try settings(from: migrate.options, environment: environment)
            parsed.migrateOnly = true
            return parsed
        case let serve as ServerCommand:
            return try settings(from: serve.options, environment: environment)
        default:
            // The parser's own `help` command (`-h` and `help` where there are subcommands).
            var parsed = ServerArguments()
            parsed.showHelp = true
            return parsed
        }
    }

    /// The settings the parsed flags give, in the server's words when a value is wrong, completed from the
    /// environment where a flag is absent.
    private static func settings(from options: ServerOptions, environment: [String: String]) throws(UsageError)
        -> ServerArguments {
        var parsed = ServerArguments()
        if let host = options.host { parsed.host = try nonEmpty(host, "--host") }
        if let text = options.port {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw UsageError(message: "--port needs a number from 0 to 65535, not '\(text)'.")
            }
            parsed.port = port
        }
        parsed.databasePath = try options.databasePath.map { value throws(UsageError) in try nonEmpty(value, "--db") }
        if let url = options.database { parsed.postgres = try postgres(url, from: "--database") }
        if let secret = options.secret {
            guard secret.utf8.count >= 16 else { throw UsageError(message: "--secret needs at least 16 bytes.") }
            parsed.secret = secret
        }
        parsed.keyFile = try options.keyFile.map { value throws(UsageError) in try nonEmpty(value, "--key-file") }
        if let text = options.logLevel {
            guard let level = Logger.Level(rawValue: text) else {
                throw UsageError(message: "--log-level takes trace, debug, info, notice, warning, error or critical.")
            }
            parsed.logLevel = level
        }
        parsed.devIdP = options.devIdP
        parsed.googleClientId = try options.googleClientId.map { value throws(UsageError) in
            try nonEmpty(value, "--google-client-id")
        }
        parsed.googleClientSecret = try options.googleClientSecret.map { value throws(UsageError) in
            try nonEmpty(value, "--google-client-secret")
        }
        parsed.appleClientId = try options.appleClientId.map { value throws(UsageError) in
            try nonEmpty(value, "--apple-client-id")
        }
        parsed.publicURL = try options.publicURL.map { value throws(UsageError) in try publicURL(value) }
        for (value, flag, path) in [(options.kakaoClientId, "--kakao-client-id", \ServerArguments.kakaoClientId),
                                    (options.kakaoClientSecret, "--kakao-client-secret", \.kakaoClientSecret),
                                    (options.naverClientId, "--naver-client-id", \.naverClientId),
                                    (options.naverClientSecret, "--naver-client-secret", \.naverClientSecret),
                                    (options.appleClientSecret, "--apple-client-secret", \.appleClientSecret),
                                    (options.googleWebClientId, "--google-web-client-id", \.googleWebClientId),
                                    (options.googleWebClientSecret, "--google-web-client-secret",
                                     \.googleWebClientSecret)] {
            parsed[keyPath: path] = try value.map { value throws(UsageError) in try nonEmpty(value, flag) }
        }
        parsed.adminToken = try options.adminToken.map { value throws(UsageError) in try adminToken(value) }
        parsed.consentDocuments = try options.consentDocuments.map { value throws(UsageError) in
            try ConsentDocumentsFile.load(try nonEmpty(value, "--consent-documents"))
        }
        let rateLimitFlags = options.rateLimits
        parsed.refusalDelay = try seconds(options.refusalDelay, .refusalDelay) ?? parsed.refusalDelay
        parsed.behindProxy = options.behindProxy
        parsed.ranksQuizzesWithoutTickets = options.ranksWithoutTickets
        parsed.databaseTimeout = try seconds(options.databaseTimeout, .databaseTimeout) ?? parsed.databaseTimeout
        parsed.headerTimeout = try seconds(options.headerTimeout, .headerTimeout) ?? parsed.headerTimeout
        parsed.bodyTimeout = try seconds(options.bodyTimeout, .bodyTimeout) ?? parsed.bodyTimeout
        parsed.idleTimeout = try seconds(options.idleTimeout, .idleTimeout) ?? parsed.idleTimeout
        parsed.quota.resultsPerDay = try count(options.resultsPerDay, "--results-per-day") ?? parsed.quota.resultsPerDay
        parsed.quota.quizzesPerDay = try count(options.quizzesPerDay, "--quizzes-per-day") ?? parsed.quota.quizzesPerDay
        parsed.metricsToken = try options.metricsToken.map { value throws(UsageError) in
            try secretToken(value, "--metrics-token")
        }
        parsed.showVersion = options.version
        parsed.showManual = options.manual
        if let text = options.completion {
            guard let shell = BrainyCommandLine.CompletionShell(rawValue: text) else {
                throw UsageError(message: "--completion takes bash, zsh or fish, not '\(text)'.")
            }
            parsed.completionShell = shell
        }
        func fromEnvironment(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if parsed.postgres != nil, parsed.databasePath != nil {
            throw UsageError(message: "--db (a SQLite file) and --database (PostgreSQL) exclude each other: give one.")
        }
        if parsed.databasePath == nil, parsed.postgres == nil, let url = fromEnvironment("DATABASE_URL") {
            parsed.postgres = try postgres(url, from: "DATABASE_URL")
        }
        if parsed.postgres == nil, parsed.databasePath == nil {
            parsed.databasePath = defaultDatabasePath(environment: environment)
        }
        parsed.googleClientId = parsed.googleClientId ?? fromEnvironment("BRAINY_GOOGLE_CLIENT_ID")
        parsed.googleClientSecret = parsed.googleClientSecret ?? fromEnvironment("BRAINY_GOOGLE_CLIENT_SECRET")
        parsed.appleClientId = parsed.appleClientId ?? fromEnvironment("BRAINY_APPLE_CLIENT_ID")
        if parsed.publicURL == nil, let url = fromEnvironment("BRAINY_PUBLIC_URL") { parsed.publicURL = try publicURL(url) }
        for (name, path) in [("BRAINY_KAKAO_CLIENT_ID", \ServerArguments.kakaoClientId),
                             ("BRAINY_KAKAO_CLIENT_SECRET", \.kakaoClientSecret),
                             ("BRAINY_NAVER_CLIENT_ID", \.naverClientId), ("BRAINY_NAVER_CLIENT_SECRET", \.naverClientSecret),
                             ("BRAINY_APPLE_CLIENT_SECRET", \.appleClientSecret),
                             ("BRAINY_GOOGLE_WEB_CLIENT_ID", \.googleWebClientId),
                             ("BRAINY_GOOGLE_WEB_CLIENT_SECRET", \.googleWebClientSecret)] {
            parsed[keyPath: path] = parsed[keyPath: path] ?? fromEnvironment(name)
        }
        try checkBrowserProviders(parsed)
        parsed.keyFile = parsed.keyFile ?? fromEnvironment("BRAINY_KEY_FILE")
        let environmentLimits = fromEnvironment("BRAINY_RATE_LIMITS")?.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? []
        for text in environmentLimits + rateLimitFlags {
            guard !parsed.rateLimits.apply(text) else { continue }
            throw UsageError(message: "--rate-limit takes <action>=<count>/<seconds>, <action>=off or off, not '\(text)'; the actions are \(RateLimitedAction.allCases.map(\.rawValue).joined(separator: ", ")), the count from \(RateLimit.counts.lowerBound) to \(RateLimit.counts.upperBound), the seconds from \(RateLimit.windows.lowerBound) to \(RateLimit.windows.upperBound).")
        }
        if parsed.secret == nil, let secret = fromEnvironment("BRAINY_SECRET") {
            guard secret.utf8.count >= 16 else { throw UsageError(message: "BRAINY_SECRET needs at least 16 bytes.") }
            parsed.secret = secret
        }
        if parsed.adminToken == nil, let token = fromEnvironment("BRAINY_ADMIN_TOKEN") {
            parsed.adminToken = try adminToken(token)
        }
        if parsed.metricsToken == nil, let token = fromEnvironment("BRAINY_METRICS_TOKEN") {
            parsed.metricsToken = try secretToken(token, "BRAINY_METRICS_TOKEN")
        }
        if parsed.postgres != nil, parsed.secret == nil, parsed.keyFile == nil {
            parsed.keyFile = dataFolder(environment: environment) + "/server.key"
        }
        return parsed
    }

    private static func postgres(_ text: String, from source: String) throws(UsageError) -> PostgresURL {
        do {
            return try PostgresURL(parsing: text)
        } catch {
            throw UsageError(message: "\(source): \(error.message)")
        }
    }

    /// A number of seconds within the flag's range, or nil when the flag is absent.
    private static func seconds(_ text: String?, _ flag: SecondsFlag) throws(UsageError) -> Double? {
        guard let text else { return nil }
        let range = flag.range
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError(message: "--\(flag.name) needs a number of seconds from \(SecondsFlag.plain(range.lowerBound)) to \(SecondsFlag.plain(range.upperBound)), not '\(text)'.")
        }
        return value
    }

    /// A positive whole number (a quota), or nil when the flag is absent.
    private static func count(_ text: String?, _ flag: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "\(flag) needs a whole number above 0, not '\(text)'.")
        }
        return value
    }

    private static func secretToken(_ token: String, _ flag: String) throws(UsageError) -> String {
        guard token.utf8.count >= 16 else { throw UsageError(message: "\(flag) needs at least 16 bytes.") }
        return token
    }

    private static func adminToken(_ token: String) throws(UsageError) -> String {
        guard token.utf8.count >= 16 else { throw UsageError(message: "--admin-token needs at least 16 bytes.") }
        return token
    }

    /// A flag of one value given twice is refused: the parser keeps the last value and drops the others unchecked
    /// (`--port abc --port 0` served on port 0 without a word about 'abc'). `--rate-limit` is the repeatable one.
    private static func refuseRepeatedValues(_ arguments: [String]) throws(UsageError) {
        guard let options = try? ServerCommand.manual.options else { return }
        let once = Set(options.filter { $0.placeholder != nil }.flatMap(\.names)).subtracting(["--rate-limit"])
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let name = String(argument.prefix { $0 != "=" })
            guard once.contains(name) else { continue }
            if !argument.contains("=") { index += 1 }  // its value, whatever it starts with
            guard seen.insert(name).inserted else { throw UsageError(message: "\(name) is given twice: give it once.") }
        }
    }

    private static func nonEmpty(_ value: String, _ flag: String) throws(UsageError) -> String {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError(message: "\(flag) needs a value.") }
        return value
    }
}
