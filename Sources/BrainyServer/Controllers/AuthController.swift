import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Email accounts: check-email, register, login, refresh (rotating), logout. The password policy, the session
/// timeout (a refresh token's lifetime) and the lock-out come from the served config; the rate limits from the
/// server's arguments.
struct AuthController {
    let accounts: any AccountStore
    let config: RemoteConfig
    let tokens: AccessTokens
    let clock: any BrainyClock
    let hasher: any PasswordHasher
    let limiter: any RateLimiter
    let limits: RateLimits
    let deviceCookies: DeviceCookies
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware
    /// The terms and privacy policy a registration accepts, and what each sign-in says is still to be accepted.
    let consents: ConsentGate
    /// Waits out the slowdown of an account under attack (tests record it instead).
    let sleep: @Sendable (Duration) async -> Void
    /// A hash of no one's password, checked for an unknown email so that it costs what a known one costs: the time
    /// of the answer does not tell whether an account exists.
    let dummyHash: String

    init(accounts: any AccountStore, config: RemoteConfig, tokens: AccessTokens, clock: any BrainyClock,
         hasher: any PasswordHasher, limiter: any RateLimiter = InMemoryRateLimiter(), limits: RateLimits = .off,
         deviceCookies: DeviceCookies = DeviceCookies(signingKey: RefreshTokens.randomKey()), auth: BearerAuthMiddleware,
         consents: ConsentGate,
         sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }) {
        self.accounts = accounts
        self.config = config
        self.tokens = tokens
        self.auth = auth
        self.consents = consents
        self.clock = clock
        self.hasher = hasher
        self.limiter = limiter
        self.limits = limits
        self.deviceCookies = deviceCookies
        self.sleep = sleep
        dummyHash = (try? hasher.hash(RefreshTokens.generate())) ?? ""
    }

    static let maxPasswordLength = 1024
    /// The longest a sign-in from a new device waits while its email is being guessed at from elsewhere: a slowdown,
    /// never a lock-out.
    static let maxGuessingDelay = 5

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.checkEmail, use: checkEmail)
        routes.on(API.register, use: register)
        routes.on(API.login, use: login)
        routes.on(API.refresh, use: refresh)
        routes.on(API.logout, use: logout)
        return routes.collection
    }

    @Sendable func checkEmail(_ body: CheckEmailRequest, _ request: Request, context: ServerRequestContext) async throws
        -> CheckEmailResponse {
        try await limit(.checkEmail, context.clientAddress)
        let email = try Self.validEmail(body.email)
        return CheckEmailResponse(available: try await accounts.account(email: email) == nil)
    }

    /// A new email account, made only with every current version of the terms and the privacy policy accepted in
    /// its body (stored with the account, in one transaction).
    @Sendable func register(_ body: RegisterRequest, _ request: Request, context: ServerRequestContext) async throws
        -> EditedResponse<AuthResponse> {
        try requireEmailSignIn()
        let email = try Self.validEmail(body.email)
        guard body.password.count >= config.passwordMinLength else {
            throw APIError(.badRequest, "password_too_short",
                           "The password must be at least \(config.passwordMinLength) characters.")
        }
        guard body.password.count <= Self.maxPasswordLength else {
            throw APIError(.badRequest, "password_too_long",
                           "The password must be at most \(Self.maxPasswordLength) characters.")
        }
        try consents.checkCurrent(body.consents)
        let missing = consents.documents.pending(accepted: body.consents)
        guard missing.isEmpty else {
            var error = APIError(.badRequest, "consent_required",
                                 "Registering needs \(ConsentGate.list(missing)) accepted: show them (GET /v1/auth/consent serves their texts) and send their versions in 'consents'.")
            error.consentRequired = missing
            throw error
        }
        try await limit(.register, context.clientAddress)
        let now = clock.now()
        let account = ServerAccount(
            id: UUID().uuidString.lowercased(), email: email, displayName: DisplayName.from(email: email),
            passwordHash: try hasher.hash(body.password), createdAt: now)
        guard try await consents.store.createAccount(account, accepting: consents.current) else {
            throw APIError(.conflict, "email_taken", "An account with this email already exists. Sign in instead.")
        }
        consents.remember(account.id)
        var session = try await startSession(for: account, now: now)
        session.deviceCookie = deviceCookies.issue(accountId: account.id)
        return EditedResponse(status: .created, response: session)
    }

    static func wrongCredentials(remaining: Int) -> APIError {
        var error = APIError(.unauthorized, "invalid_credentials",
                             "Wrong email or password. \(remaining) more attempt\(remaining == 1 ? "" : "s") before the account is locked.")
        error.remainingAttempts = remaining
        return error
    }

    /// A sign-in. A device that sends the device cookie it was given for this account is trusted: no limit of its
    /// address applies to it, and only its own failures lock it out. Any other client is limited per address, locked
    /// out per (email, address) after `maxLoginAttempts` failures, and slowed down (at most `maxGuessingDelay`
    /// seconds, never refused) while the email is being guessed at from many addresses. Known and unknown emails are
    /// counted and answered alike, after the same password-hashing work.
    @Sendable func login(_ body: CredentialsRequest, _ request: Request, context: ServerRequestContext) async throws
        -> AuthResponse {
        try requireEmailSignIn()
        let email = Self.loginSubject(body.email)
        let now = clock.now()
        let account = try await accounts.account(email: email)
        let device = body.deviceCookie.flatMap(deviceCookies.verify)
            .flatMap { cookie in cookie.accountId == account?.id ? cookie : nil }
        let client: String
        if let device {
            client = "device \(device.nonce)"
        } else {
            try await limit(.login, context.clientAddress)
            await slowDownWhileGuessed(email)
            client = context.clientAddress
        }
        if let account, account.provider != .email {
            let name = account.provider.name.en
            throw APIError(.unauthorized, "password_not_set",
                           "This account was made with \(name) sign-in and has no password. Sign in with \(name).")
        }
        // The attempt is counted (and the lock checked) before the slow password check, in one transaction: many
        // guesses sent at once are held to maxLoginAttempts like guesses sent one after another.
        switch try await accounts.beginLoginAttempt(
            subject: email, client: client, maxAttempts: config.maxLoginAttempts,
            lockout: TimeInterval(config.lockoutMinutes * 60), now: now) {
        case let .locked(until):
            throw Self.locked(until: until, now: now)
        case let .counted(remaining, locksUntil):
            // An unknown email costs the same hashing as a known one: the time does not tell them apart either.
            let checked = body.password.count <= Self.maxPasswordLength
                && hasher.verify(body.password, against: account?.passwordHash ?? dummyHash)
            guard checked, let account else {
                if let locksUntil { throw Self.locked(until: locksUntil, now: now) }
                throw Self.wrongCredentials(remaining: remaining)
            }
            try await accounts.forgetLoginFailures(subject: email, client: client)
            try await accounts.recordSuccessfulLogin(accountId: account.id, address: context.clientAddress, at: now)
            var session = try await startSession(for: account, now: now)
            session.deviceCookie = deviceCookies.issue(accountId: account.id)
            return session
        }
    }

    /// Waits, at most `maxGuessingDelay` seconds, when sign-ins to `email` from all untrusted clients together are
    /// past `login-account`'s limit: guessing from many addresses slows down, and the owner on a new device still
    /// gets in. Keyed by the email, known or not, so that it does not tell them apart.
    private func slowDownWhileGuessed(_ email: String) async {
        guard let limit = limits[.loginAccount],
              let wait = await limiter.acquire("\(RateLimitedAction.loginAccount.rawValue) \(email)", limit: limit,
                                               now: clock.now())
        else { return }
        await sleep(.seconds(min(wait, Self.maxGuessingDelay)))
    }

    /// A 429 with `Retry-After` once `key` has used up its limit for `action`.
    func limit(_ action: RateLimitedAction, _ key: String) async throws(APIError) {
        guard let limit = limits[action],
              let wait = await limiter.acquire("\(action.rawValue) \(key)", limit: limit, now: clock.now())
        else { return }
        var error = APIError(.tooManyRequests, "rate_limited",
                             "Too many requests of this kind from here. Try again in \(wait) second\(wait == 1 ? "" : "s").")
        error.retryAfter = wait
        throw error
    }

    @Sendable func refresh(_ body: RefreshRequest, _ request: Request, context: ServerRequestContext) async throws
        -> AuthResponse {
        let now = clock.now()
        let newToken = RefreshTokens.generate()
        let rotation = try await accounts.rotateRefreshToken(
            hash: RefreshTokens.hash(body.refreshToken), replacement: newRefreshToken(newToken, now: now), now: now)
        switch rotation {
        case let .rotated(userId, login):
            guard let account = try await accounts.account(id: userId) else { throw Self.invalidRefresh }
            return AuthResponse(user: account.payload,
                                accessToken: try await tokens.issue(subject: account.id, login: login, now: now),
                                refreshToken: newToken, expiresIn: tokens.lifetime,
                                consentRequired: try await consents.pending(accountId: account.id))
        case .reused:
            throw APIError(.unauthorized, "refresh_token_reused",
                           "This refresh token was already used, so this login has been signed out everywhere. Sign in again.")
        case .expired:
            throw APIError(.unauthorized, "session_expired", "The session has expired. Sign in again.")
        case .unknown:
            throw Self.invalidRefresh
        }
    }

    @Sendable func logout(_ body: RefreshRequest, _ request: Request, context: ServerRequestContext) async throws
        -> HTTPResponse.Status {
        try await accounts.endLogin(containing: RefreshTokens.hash(body.refreshToken), now: clock.now())
        return .noContent
    }

    /// Starts a login family for `account` and answers with its first tokens and the current terms and privacy
    /// policy it has not accepted; social sign-in (device flow and browser) ends here too.
    func startSession(for account: ServerAccount, now: Date) async throws -> AuthResponse {
        let refreshToken = RefreshTokens.generate()
        let login = UUID().uuidString
        try await accounts.startLogin(accountId: account.id, login: login, token: newRefreshToken(refreshToken, now: now))
        return AuthResponse(user: account.payload,
                            accessToken: try await tokens.issue(subject: account.id, login: login, now: now),
                            refreshToken: refreshToken, expiresIn: tokens.lifetime,
                            consentRequired: try await consents.pending(accountId: account.id))
    }

    private func newRefreshToken(_ token: String, now: Date) -> NewRefreshToken {
        NewRefreshToken(hash: RefreshTokens.hash(token), createdAt: now,
                        expiresAt: now.addingTimeInterval(TimeInterval(config.sessionTimeoutMinutes * 60)))
    }

    private func requireEmailSignIn() throws(APIError) {
        guard config.allowsLogin(.email) else {
            throw APIError(.forbidden, "login_method_disabled", "Email sign-in is turned off on this server.")
        }
    }

    static let invalidRefresh = APIError(.unauthorized, "invalid_refresh_token",
                                         "The refresh token is not valid. Sign in again.")

    static func locked(until: Date, now: Date) -> APIError {
        var error = APIError(
            .locked, "account_locked",
            "Too many failed sign-ins from here: this account is locked for this address until \(until.formatted(.iso8601)). Try again after that.",
            lockedUntil: until)
        error.retryAfter = max(1, Int(until.timeIntervalSince(now).rounded(.up)))
        return error
    }

    /// The address trimmed and lower-cased, or a 400 when it is not one.
    /// The email a sign-in is looked up, counted and throttled by. One longer than any address can be (no account has
    /// it) is cut to `EmailAddress.maxBytes` bytes, whole characters only: it is then answered as any unknown email,
    /// and neither the throttle's rows (PostgreSQL refuses an index entry over 8 KB: a 1 MB email was answered 500)
    /// nor the rate limiter's keys grow with what a client sends.
    static func loginSubject(_ text: String) -> String {
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard email.utf8.count > EmailAddress.maxBytes else { return email }
        var bytes = 0
        let kept = email.unicodeScalars.prefix { scalar in
            bytes += String(scalar).utf8.count
            return bytes <= EmailAddress.maxBytes
        }
        return String(String.UnicodeScalarView(kept))
    }

    static func validEmail(_ text: String) throws(APIError) -> String {
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard EmailAddress.isValid(email) else {
            // The address is not echoed as sent: it may hold the very escape sequence it was refused for.
            let shown = String(text.unicodeScalars.filter { !EmailAddress.isForbidden($0) }.prefix(100).map(Character.init))
            throw APIError(.badRequest, "invalid_email",
                           "'\(shown)' is not a valid email address: it must be name@domain.tld, at most \(EmailAddress.maxBytes) bytes, without spaces or control characters.")
        }
        return email
    }
}
