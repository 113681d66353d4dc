import BrainyAPI
import BrainyKit
import BrainyPacks
import BrainyPasswords
import Foundation
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle
import _CryptoExtras

/// What the server runs with besides its arguments: injected so that tests control time and hashing cost.
public struct ServerEnvironment: Sendable {
    public var clock: any BrainyClock
    public var passwordHasher: any PasswordHasher
    /// The config and pack served; nil serves the bundled ones.
    public var content: ServedContent?
    /// Replaces fetching a real provider's JWKS over HTTP (tests).
    var keySources: [AuthProvider: any JWKSource] = [:]
    /// The key the development identity provider makes when the database holds none; nil makes a new one. Like a
    /// made key, an injected one is stored, and a key stored already wins over it, so that every instance on a
    /// database signs with one key whatever it was given. (Tests inject keys made once per run: RSA key generation
    /// is slow in debug builds.)
    var devIdPKey: _RSA.Signing.PrivateKey?
    /// Draws ads and makes ad-token nonces; a seeded one repeats its draws (tests).
    public var random: ServerRandom
    /// The house ads added to the database at start when it lacks them; nil adds the bundled ones.
    public var houseAds: [HouseAd]?
    /// Counts requests against `ServerArguments.rateLimits`; nil counts them in the database, shared by every
    /// instance on it.
    public var rateLimiter: (any RateLimiter)?
    /// Waits out `ServerArguments.refusalDelay` before a refusal is answered (tests record the wait instead).
    public var sleep: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    /// What `/metrics` shows: the executable bootstraps swift-metrics onto it, so that every request is counted there.
    public var metrics = PrometheusCollectorRegistry()
    /// How long `/health` waits for the database to answer.
    var healthTimeout: Duration = .seconds(5)
    /// The terms of use and privacy policy every account accepts, at their current versions (tests publish new ones).
    public var consentDocuments: [ConsentDocument] = ConsentDocument.bundled

    public init(clock: any BrainyClock = SystemClock(), passwordHasher: any PasswordHasher = ScryptPasswordHasher(),
                content: ServedContent? = nil, random: ServerRandom = ServerRandom(), houseAds: [HouseAd]? = nil) {
        self.clock = clock
        self.random = random
        self.houseAds = houseAds
        self.passwordHasher = passwordHasher
        self.content = content
    }
}

/// Builds the server: opens its database (PostgreSQL with `arguments.postgres`, else SQLite, in memory when
/// `arguments.databasePath` is nil), migrates it, loads the served content, and wires the router.
public func buildApplication(_ arguments: ServerArguments, environment: ServerEnvironment = ServerEnvironment())
    async throws -> some ApplicationProtocol {
    var logger = Logger(label: "brainy-server")
    logger.logLevel = arguments.logLevel
    if let url = arguments.postgres {
        try await PostgresDatabase.prepare(url, houseAds: environment.houseAds ?? BundledHouseAds.load(),
                                           at: environment.clock.now(), logger: logger)
        var database = PostgresDatabase(url, logger: logger, deadline: .seconds(arguments.databaseTimeout))
        database.ranksQuizzesWithoutTickets = arguments.ranksQuizzesWithoutTickets
        // The connection pool runs as one of the application's services.
        return try await buildApplication(arguments, environment: environment, database: database,
                                          services: [database.client], logger: logger)
    }
    var database = try arguments.databasePath.map(ServerDatabase.openFile(at:)) ?? ServerDatabase.inMemory()
    database.ranksQuizzesWithoutTickets = arguments.ranksQuizzesWithoutTickets
    try await database.seedHouseAds(environment.houseAds ?? BundledHouseAds.load(), at: environment.clock.now())
    return try await buildApplication(arguments, environment: environment, database: database, services: [],
                                      logger: logger)
}

private func buildApplication(_ arguments: ServerArguments, environment: ServerEnvironment,
                              database: some ServerRepository & AdStore & DeviceAuthorizationStore & DevIdPKeyStore
                                  & QuizTicketStore & CreditLedgerStore & SharedSettingsStore
                                  & StageProgressStore & BrowserSignInStore,
                              services: [any Service], logger: Logger)
    async throws -> Application<RouterResponder<ServerRequestContext>> {
    let key: [UInt8]
    if let secret = arguments.secret {
        key = Array(secret.utf8)
    } else if let path = arguments.signingKeyPath {
        key = try await SigningKeyFile(path: path).key(movingFrom: database)
    } else {
        key = RefreshTokens.randomKey()
    }
    let social = try await SocialSignIn.configured(arguments, environment: environment, database: database)
    var environment = environment
    if let documents = arguments.consentDocuments { environment.consentDocuments = documents }
    // Which versions this instance asks for: two instances behind one address that disagree show here.
    logger.notice("consent versions in force", metadata: [
        "consent": .string(environment.consentDocuments.versions.map { "\($0.document.rawValue)@\($0.version)" }
            .joined(separator: ", ")),
    ])
    let router = try buildRouter(
        database, content: environment.content ?? ServedContent.bundled(),
        tokens: AccessTokens(key: key, lifetime: arguments.accessTokenLifetime), adTokens: AdTokens(signingKey: key),
        quizTickets: QuizTickets(signingKey: key),
        deviceCookies: DeviceCookies(signingKey: key),
        adminToken: arguments.adminToken, metricsToken: arguments.metricsToken,
        social: social,
        limits: arguments.rateLimits, behindProxy: arguments.behindProxy, refusalDelay: arguments.refusalDelay,
        quota: arguments.quota,
        environment: environment)
    return Application(
        router: router,
        // Every part of a request has a time limit: each head (from its first byte), each body, the idle time
        // between requests. Slow clients cannot hold connections for ever.
        server: .http1(configuration: .init(
            additionalChannelHandlers: [RequestTimeoutHandler(head: .seconds(arguments.headerTimeout),
                                                              body: .seconds(arguments.bodyTimeout))],
            idleTimeout: .milliseconds(Int64(arguments.idleTimeout * 1000)))),
        configuration: .init(address: .hostname(arguments.host, port: arguments.port), serverName: "brainy-server"),
        services: services + [MemoryTrimmer()],
        logger: logger)
}

/// The routes under /v1 (and /dev-idp with `--dev-idp`), each answering JSON, with every error turned into
/// `{"error": {...}}`, and /health and /metrics for operators. The ad administration answers only `adminToken`.
/// Every request is logged (at info, shown by `--log-level info` or lower) and counted and timed per route and
/// status by swift-metrics.
func buildRouter(_ repository: some ServerRepository & AdStore & QuizTicketStore & CreditLedgerStore & SharedSettingsStore
                     & StageProgressStore & BrowserSignInStore, content: ServedContent,
                 tokens: AccessTokens,
                 adTokens: AdTokens, quizTickets: QuizTickets = QuizTickets(signingKey: RefreshTokens.randomKey()),
                 deviceCookies: DeviceCookies = DeviceCookies(signingKey: RefreshTokens.randomKey()),
                 adminToken: String? = nil, metricsToken: String? = nil,
                 social: SocialSignIn = .disabled,
                 limits: RateLimits = .defaults, behindProxy: Bool = false, refusalDelay: Double = 0,
                 quota: StorageQuota = .defaults,
                 environment: ServerEnvironment) -> Router<ServerRequestContext> {
    let consents = ConsentGate(documents: environment.consentDocuments, store: repository)
    let auth = BearerAuthMiddleware(tokens: tokens, logins: repository, clock: environment.clock, consents: consents)
    let tickets = QuizTicketCheck(tickets: repository, signer: quizTickets)
    let accounts = AuthController(accounts: repository, config: content.config, tokens: tokens,
                                  clock: environment.clock, hasher: environment.passwordHasher,
                                  limiter: environment.rateLimiter ?? repository, limits: limits,
                                  deviceCookies: deviceCookies, auth: auth, consents: consents,
                                  sleep: environment.sleep)
    let addRoutes = { (router: Router<ServerRequestContext>) in
        router.addRoutes(ContentController(content: content, auth: auth).endpoints, at: .content)
        router.addRoutes(QuestionRatingsController(results: repository, auth: auth).endpoints, at: .content)
        router.addRoutes(accounts.endpoints, at: .auth)
        router.addRoutes(ConsentController(consents: consents, clock: environment.clock, auth: auth).endpoints,
                         at: .auth)
        router.addRoutes(SocialAuthController(social: social, identities: repository, sessions: accounts,
                                              auth: auth).endpoints,
                         at: .auth)
        router.addRoutes(BrowserSignInController(providers: social.browser, publicURL: social.publicURL,
                                                 store: repository, identities: repository, sessions: accounts,
                                                 exchange: ProviderExchange(clock: environment.clock),
                                                 auth: auth).endpoints,
                         at: .auth)
        if let devIdP = social.devIdP {
            router.addRoutes(DevIdPController(idp: devIdP).endpoints, at: .devIdP)
        }
        router.addRoutes(ResultsController(results: repository, questions: content.questions,
                                           clock: environment.clock, auth: auth, quota: quota,
                                           tickets: tickets).endpoints,
                         at: .results)
        router.addRoutes(QuizTicketController(tickets: repository, signer: tickets.signer,
                                              candidates: QuizTicketController.candidates(from: content.questions),
                                              clock: environment.clock, random: environment.random,
                                              auth: auth).endpoints,
                         at: .content)
        router.addRoutes(SyncChangesController(changes: repository, auth: auth).endpoints, at: .results)
        router.addRoutes(CreditsController(credits: repository, clock: environment.clock, auth: auth).endpoints,
                         at: .results)
        router.addRoutes(SharedSettingsController(settings: repository, clock: environment.clock, auth: auth).endpoints,
                         at: .results)
        router.addRoutes(StagesController(stages: repository, auth: auth).endpoints, at: .results)
        router.addRoutes(LeaderboardController(results: repository, clock: environment.clock, auth: auth).endpoints,
                         at: .leaderboard)
        router.addRoutes(AdsController(ads: repository, config: content.config.ads, tokens: adTokens,
                                       clock: environment.clock, random: environment.random, auth: auth).endpoints,
                         at: .ads)
        router.addRoutes(AdAdminController(ads: repository, clock: environment.clock,
                                           auth: AdminAuthMiddleware(adminToken: adminToken)).endpoints,
                         at: .ads)
        router.addRoutes(HealthController(storage: repository, timeout: environment.healthTimeout).endpoints,
                         at: .operations)
        router.addRoutes(MetricsController(registry: environment.metrics, token: metricsToken).endpoints,
                         at: .operations)
    }
    // The error middleware must be in place before the routes, yet it needs the route table to tell a wrong
    // method (405 with Allow) from an unknown path (404): read the table off a first, throwaway router.
    let table = Router(context: ServerRequestContext.self)
    addRoutes(table)
    var methods: [String: [String]] = [:]
    for route in table.routes { methods[route.path.description, default: []].append(route.method.rawValue) }
    let router = Router(context: ServerRequestContext.self)
    // Outside the error middleware: they see every answer with the status it went out with.
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: JSONErrorMiddleware(methodsByPath: methods))
    if refusalDelay > 0 {
        router.add(middleware: RefusalDelayMiddleware(delay: .seconds(refusalDelay), sleep: environment.sleep))
    }
    if behindProxy { router.add(middleware: ForwardedAddressMiddleware()) }
    addRoutes(router)
    return router
}
