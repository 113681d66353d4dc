import BrainyAPI
import BrainyKit
import Foundation

/// The sync server's side of a shell session: which server is in use and its client, one call at a time (Ctrl-C
/// cancels it) with failures turned into what the user reads, the account's sign-in on the server (tokens kept on
/// the device, refreshed once when they expire), and whether the server answered last time.
final class RemoteSession {
    private let repository: any BrainyRepository
    /// Where the remote side says what it did: an account made, a config changed, a social sign-in's code.
    let console: Console
    /// `--server`: wins over the `server` setting for this run.
    private let serverOverride: String?
    /// Makes the client for a server address; nil leaves the shell without a network (unit tests).
    private let makeClient: (@Sendable (String) -> any RemoteAPI)?
    /// Who is signed in now.
    let signedInUser: () -> SignedInUser?
    private let now: () -> Date
    /// The config in force: its password policy, and a newer one fetched before a sign-in.
    private let config: ConfigInForce
    /// Signs the account out on this device without a word (the server ended its sign-in).
    let signOut: () throws -> Void
    /// Whether the last call to the server got through (nil: none made in this run).
    var serverReachable: Bool?
    /// Where the account's tokens are kept: the keyring when one was given and answers, else the database file. It
    /// asks the keyring nothing until a token is first kept or read. Without one (the default, as in tests) no keyring
    /// is ever asked: only the executable hands the real one in.
    let tokenKeeper: TokenKeeper
    /// Asks the person to accept the server's terms and privacy policy (nil: unit tests without a reader accept).
    let consent: ConsentPrompt?

    init(repository: any BrainyRepository, console: Console, serverOverride: String?,
         makeClient: (@Sendable (String) -> any RemoteAPI)?, user: @escaping () -> SignedInUser?,
         now: @escaping () -> Date, config: ConfigInForce, signOut: @escaping () throws -> Void,
         tokenKeeper: TokenKeeper? = nil, consent: ConsentPrompt? = nil) {
        self.consent = consent
        self.repository = repository
        self.tokenKeeper = tokenKeeper ?? TokenKeeper(repository: repository, keyring: nil)
        self.console = console
        self.serverOverride = serverOverride
        self.makeClient = makeClient
        self.signedInUser = user
        self.now = now
        self.config = config
        self.signOut = signOut
    }

    /// Offline: no server, or the last call to it did not get through.
    var isOffline: Bool { serverURL == nil || serverReachable == false }

    /// The sync server in use: `--server`, else the `server` setting.
    var serverURL: String? {
        if let given = serverOverride { return given }
        return (try? repository.syncValue(SyncKeys.server)) ?? nil
    }

    /// The client for the server in use, when there is one.
    func api() -> (any RemoteAPI)? {
        guard let url = serverURL, let make = makeClient else { return nil }
        return make(url)
    }

    /// Runs one call to the server, waiting for it (Ctrl-C cancels it), and turns a failure into what the user reads.
    func call<T: Sendable>(_ api: any RemoteAPI, _ watch: InterruptibleWait? = nil, provider: AuthProvider? = nil,
                           email: String? = nil,
                           _ body: @escaping @Sendable (any RemoteAPI) async throws -> T) throws -> T {
        let owned = watch == nil
        let watch = watch ?? InterruptibleWait()
        defer { if owned { watch.finish() } }
        do {
            let value = try watch.run { try await body(api) }
            serverReachable = true
            return value
        } catch {
            throw translate(error, server: api.baseURL, provider: provider, email: email)
        }
    }

    /// A call that needs the signed-in account's access token. An expired access token is refreshed once, without
    /// a word; a refresh the server refuses means the sign-in has ended: the user is signed out (their data stays).
    func authorized<T: Sendable>(_ api: any RemoteAPI, _ watch: InterruptibleWait,
                                 _ body: @escaping @Sendable (any RemoteAPI, String) async throws -> T)
        throws -> T {
        guard let signedIn = signedInUser() else { throw ShellError.remoteSessionEnded }
        var tokens = try tokens(api)
        let access = tokens.accessToken
        do {
            let value = try watch.run { try await body(api, access) }
            serverReachable = true
            return value
        } catch let error where error.status == 401 {
            let refreshToken = tokens.refreshToken
            let renewed: AuthResponse
            do {
                renewed = try watch.run { try await api.call(API.refresh, RefreshRequest(refreshToken: refreshToken)) }
            } catch let refusal where refusal.status == 401 || refusal.status == 400 {
                try end()
                throw ShellError.remoteSessionEnded
            } catch {
                throw translate(error, server: api.baseURL)
            }
            let old = tokens
            tokens.accessToken = renewed.accessToken
            tokens.refreshToken = renewed.refreshToken
            try tokenKeeper.save(tokens, userId: signedIn.id, replacing: old)
            let fresh = renewed.accessToken
            do {
                return try watch.run { try await body(api, fresh) }
            } catch {
                throw translate(error, server: api.baseURL)
            }
        } catch {
            throw translate(error, server: api.baseURL)
        }
    }

    /// The signed-in user's tokens for this server; says what to do when there are none.
    func tokens(_ api: any RemoteAPI) throws -> RemoteTokens {
        guard let signedIn = signedInUser() else { throw ShellError.remoteSessionEnded }
        if let tokens = try keptTokens(userId: signedIn.id), tokens.server == api.baseURL { return tokens }
        if signedIn.provider == .guest { throw ShellError.guestCannotSync }
        if let other = try repository.remoteTokens(userId: signedIn.id) {
            // Signed in on another server: this one needs its own sign-in (the other one's is kept).
            throw ShellError.signedInOnOtherServer(current: other.server, wanted: api.baseURL)
        }
        if signedIn.provider == .email { throw ShellError.notOnServer(signedIn.displayName) }
        throw ShellError.remoteSessionEnded
    }

    /// The user's tokens, from the keyring or the file. A keyring that does not answer (it is locked, or this is
    /// another login session without it) is said as such: the sign-in is still good where the keyring answers, and
    /// signing in again would leave its item behind. A keyring that no longer has them at all leaves a sign-in that
    /// cannot be used: sign in again.
    func keptTokens(userId: String) throws -> RemoteTokens? {
        do {
            return try tokenKeeper.tokens(userId: userId)
        } catch SecretTool.Failure.interrupted {
            throw ShellError.cancelled
        } catch SecretTool.Failure.nothingKept {
            throw ShellError.remoteSessionEnded
        } catch SecretTool.Failure.notInstalled, SecretTool.Failure.couldNotStart {
            throw ShellError.secretToolMissing
        } catch is SecretTool.Failure {
            throw ShellError.keyringUnavailable
        }
    }

    /// The server no longer honours this sign-in: its tokens go, the shell signs out, and the local data stays.
    func end() throws {
        if let user = signedInUser() { try tokenKeeper.save(nil, userId: user.id) }
        try signOut()
    }

    /// What the user is told about a failed call: in their language, with what to do next.
    /// Every failed call passes here, so this is also where the shell learns that it is offline.
    func translate(_ error: RemoteError, server: String, provider: AuthProvider? = nil, email: String? = nil) -> any Error {
        switch error {
        case .unreachable, .timedOut: serverReachable = false
        case .server, .badResponse: serverReachable = true
        case .cancelled: break
        }
        switch error {
        case .cancelled: return ShellError.cancelled
        case .unreachable: return ShellError.serverUnreachable(server)
        case let .timedOut(seconds): return ShellError.serverTimedOut(server, seconds: seconds)
        case .badResponse: return ShellError.serverFailed(server, status: nil)
        case let .server(status, code, message, lockedUntil, remaining):
            // 503: the database is away or the server is overloaded; it says so, and everything stays pending.
            if status == 503 { return ShellError.serverBusy(server) }
            if status >= 500 { return ShellError.serverFailed(server, status: status) }
            switch code {
            case "email_taken": return BrainyError.emailTaken(email ?? "")
            case "password_too_short": return BrainyError.passwordTooShort(minimum: config.current().passwordMinLength)
            case "invalid_email": return BrainyError.invalidEmail(email ?? "")
            case "invalid_credentials":
                if let remaining { return BrainyError.wrongCredentials(remainingAttempts: remaining) }
                return ShellError.serverRefused(code: code, message: message)
            case "account_locked":
                let until = lockedUntil ?? now()
                return BrainyError.accountLocked(until: until)
            case "login_method_disabled": return BrainyError.loginMethodDisabled(provider ?? .email)
            case "provider_not_enabled": return ShellError.providerNotOffered(provider ?? .google)
            case "maintenance": return BrainyError.maintenance
            case "consent_required", "consent_version_unknown": return ConsentRefusal.requiredByServer
            default: return ShellError.serverRefused(code: code, message: message)
            }
        }
    }

    // MARK: Sign-in through the server
    // Each returns the account the server signed in, kept on the device; signing it in here is the caller's
    // (`AccountSignIn`), so that the remote side needs no way back to the shell.

    /// Makes the account on the server once the person has read and accepted its terms and privacy policy (declined:
    /// nothing is made), sending the versions accepted.
    func register(_ api: any RemoteAPI, email: String, password: String) throws -> User {
        try checkEmailIsFree(api, email: email)
        let documents = try consentDocuments(api)
        guard consent?.accepts(documents, registering: true) ?? true else { throw ConsentRefusal.declinedAtRegister }
        let request = RegisterRequest(email: email, password: password, consents: documents.versions)
        let response: AuthResponse
        do {
            response = try call(api, email: email) { try await $0.call(API.register, request) }
        } catch ConsentRefusal.requiredByServer {
            // A version published while the person read: no account exists, so 'sync' would not help.
            throw ConsentRefusal.changedWhileRegistering
        }
        console.line(Localized(ko: "서버(\(api.baseURL))에 \(email) 계정을 만들었습니다.",
                               en: "Created the account \(email) on the server (\(api.baseURL))."))
        let user = try completeSignIn(response, api: api)
        holdDeviceCookie(response.deviceCookie, api: api, email: email, userId: user.id)
        return user
    }

    /// Asks the server whether `email` is still free before the person reads both texts (taken: said now, not after
    /// them). Best effort: a server that cannot say (older, rate-limited, cut off) leaves it to `register` itself.
    private func checkEmailIsFree(_ api: any RemoteAPI, email: String) throws {
        let answer: CheckEmailResponse
        do {
            answer = try call(api, email: email) { try await $0.call(API.checkEmail, CheckEmailRequest(email: email)) }
        } catch ShellError.cancelled {
            throw ShellError.cancelled
        } catch {
            return
        }
        if !answer.available { throw BrainyError.emailTaken(email) }
    }

    func login(_ api: any RemoteAPI, email: String, password: String) throws -> User {
        let cookie = (try? repository.syncValue(Self.deviceCookieKey(api, email))) ?? nil
        let response = try call(api, email: email) {
            try await $0.call(API.login, CredentialsRequest(email: email, password: password, deviceCookie: cookie))
        }
        let user = try completeSignIn(response, api: api)
        holdDeviceCookie(response.deviceCookie, api: api, email: email, userId: user.id)
        return user
    }

    /// Where the device cookie a server gave this device for an account is kept: beside the sync state, not with the
    /// account's tokens, so that it outlives a sign-out (the next sign-in is this device's again).
    static func deviceCookieKey(_ api: any RemoteAPI, _ email: String) -> String {
        deviceCookieKey(server: api.baseURL, email: email)
    }

    static func deviceCookieKey(server: String, email: String) -> String {
        "deviceCookie \(server) \(email)"
    }

    /// Holds the server's device cookie with the sign-in's tokens, for the next login: written only if this computer
    /// keeps the sign-in (`TokenKeeper.keep`), never before the person answered. Without it the next login is a new
    /// device's, slowed down at worst while the email is guessed at.
    private func holdDeviceCookie(_ cookie: String?, api: any RemoteAPI, email: String, userId: String) {
        guard let cookie else { return }
        tokenKeeper.holdDeviceCookie(cookie, key: Self.deviceCookieKey(api, email), userId: userId)
    }

    /// A client for `server` (nil when this run has no way to reach a server).
    func client(server: String) -> (any RemoteAPI)? { makeClient?(server) }

    /// Forgets the device cookie `server` gave this computer for `email`'s account (a sign-in it does not keep must
    /// not leave it the account's known device, let past the lock-out as its owner's).
    func forgetDeviceCookie(server: String, email: String) {
        try? repository.setSyncValue(nil, for: Self.deviceCookieKey(server: server, email: email))
    }

    /// Keeps the server's sign-in on the device (the account, its tokens): the account to sign in locally.
    func completeSignIn(_ response: AuthResponse, api: any RemoteAPI) throws -> User {
        let user = try repository.adoptRemoteAccount(response.user, now: now())
        // In memory until the sign-in asks whether this computer keeps it ("remember me": `AccountSignIn.signIn`):
        // nothing of it is written before the answer.
        tokenKeeper.hold(
            RemoteTokens(server: api.baseURL, accessToken: response.accessToken, refreshToken: response.refreshToken,
                         accountId: response.user.id),
            userId: user.id)
        try settleConsent(response, api: api, userId: user.id)
        return user
    }

    /// Ends the sign-in on the server too (best effort: offline, the tokens are simply forgotten).
    ///
    /// Tokens the keyring holds but cannot give now (it is locked, or this is another login session) are not
    /// forgotten: dropping the row would leave the keyring's item behind and the server never told, a sign-in still
    /// honoured that no shell could end any more. The sign-out is refused instead, saying to unlock the keyring or to
    /// run where the desktop session is; the row stays, so a `logout` there ends it for good. Tokens the keyring no
    /// longer has at all are forgotten: nothing is left to lose. Without `secret-tool` (libsecret-tools removed,
    /// a cron job, a container) no `logout` here could ever reach them: the sign-in ends on this device only, saying
    /// that the server's lasts until it expires.
    func logout() throws {
        guard let user = signedInUser() else { return }
        let kept: RemoteTokens?
        do {
            kept = try tokenKeeper.tokens(userId: user.id)
        } catch SecretTool.Failure.interrupted {
            throw ShellError.cancelled
        } catch SecretTool.Failure.nothingKept {
            kept = nil
        } catch SecretTool.Failure.notInstalled, SecretTool.Failure.couldNotStart {
            console.line(console.paint(console.text(ErrorMessage.of(ShellError.signedOutWithoutSecretTool)), \.warning))
            kept = nil
        } catch is SecretTool.Failure {
            throw ShellError.keyringUnavailableAtLogout
        }
        try? tokenKeeper.save(nil, userId: user.id)
        guard let tokens = kept else { return }
        guard let api = api(), api.baseURL == tokens.server else { return }
        let refreshToken = tokens.refreshToken
        _ = try? call(api) { try await $0.call(API.logout, RefreshRequest(refreshToken: refreshToken)) }
    }

    /// Before a sign-in through the server: its current config (maintenance, sign-in methods, minimum version,
    /// password policy) decides. A server that cannot be reached changes nothing here: the sign-in itself says so.
    func refreshConfigBeforeSignIn(_ api: any RemoteAPI) throws(ShellError) {
        do {
            let refresh = ConfigRefresh(remote: self, repository: repository, now: now, config: config)
            // What changed is said as sync says it (a sync that fetched only the config).
            var fetched = SyncReport()
            fetched.notices = try refresh.fetch(api, nil)?.changes.map(SyncReport.Notice.configChanged) ?? []
            SyncReportRenderer(console: console).renderNotices(fetched)
        } catch let error as ShellError where error == .cancelled {
            // Ctrl-C while the server is slow to answer stops the sign-in: the prompt comes back.
            throw .cancelled
        } catch {}
    }
}
