import BrainyKit
import Foundation

/// Keys of the device's sync bookkeeping (the `syncState` table).
enum SyncKeys {
    /// The server set with `settings server URL` (`--server` wins for one run).
    static let server = "server"
    static let configETag = "configETag"
    static func lastSync(_ userId: String) -> String { "lastSyncAt:\(userId)" }
    /// What the server said it holds for the user at the last sync (`ResultSummaryResponse` as JSON).
    static func serverHolds(_ userId: String) -> String { "serverHolds:\(userId)" }
}

extension ShellSession {
    /// The sync server in use: `--server`, else the `server` setting.
    var serverURL: String? {
        if let given = deps.serverURL { return given }
        return (try? repository.syncValue(SyncKeys.server)) ?? nil
    }

    /// The client for the server in use, when there is one.
    func remoteAPI() -> (any RemoteAPI)? {
        guard let url = serverURL, let make = deps.remoteFactory else { return nil }
        return make(url)
    }

    /// Runs one call to the server, waiting for it (Ctrl-C cancels it), and turns a failure into what the user reads.
    func call<T: Sendable>(_ api: any RemoteAPI, _ watch: RemoteCall? = nil, provider: AuthProvider? = nil,
                           email: String? = nil,
                           _ body: @escaping @Sendable (any RemoteAPI) async throws -> T) throws(BrainyError) -> T {
        let owned = watch == nil
        let watch = watch ?? RemoteCall()
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
    func authorized<T: Sendable>(_ api: any RemoteAPI, _ watch: RemoteCall,
                                 _ body: @escaping @Sendable (any RemoteAPI, String) async throws -> T)
        throws(BrainyError) -> T {
        guard let signedIn = flow.user else { throw .remoteSessionEnded }
        var tokens = try remoteSignIn(api)
        let access = tokens.accessToken
        do {
            let value = try watch.run { try await body(api, access) }
            serverReachable = true
            return value
        } catch let error where error.status == 401 {
            let refreshToken = tokens.refreshToken
            let renewed: AuthResponse
            do {
                renewed = try watch.run { try await api.refresh(refreshToken) }
            } catch let refusal where refusal.status == 401 || refusal.status == 400 {
                try endRemoteSession()
                throw .remoteSessionEnded
            } catch {
                throw translate(error, server: api.baseURL)
            }
            tokens.accessToken = renewed.accessToken
            tokens.refreshToken = renewed.refreshToken
            try repository.saveRemoteTokens(tokens, userId: signedIn.id)
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
    func remoteSignIn(_ api: any RemoteAPI) throws(BrainyError) -> RemoteTokens {
        guard let signedIn = flow.user else { throw .remoteSessionEnded }
        if let tokens = try repository.remoteTokens(userId: signedIn.id), tokens.server == api.baseURL { return tokens }
        if signedIn.provider == .guest { throw .guestCannotSync }
        if let other = try repository.remoteTokens(userId: signedIn.id) {
            // Signed in on another server: this one needs its own sign-in (the other one's is kept).
            throw .signedInOnOtherServer(current: other.server, wanted: api.baseURL)
        }
        if signedIn.provider == .email { throw .notOnServer(signedIn.displayName) }
        throw .remoteSessionEnded
    }

    /// The server no longer honours this sign-in: its tokens go, the shell signs out, and the local data stays.
    func endRemoteSession() throws(BrainyError) {
        if let user = flow.user { try repository.saveRemoteTokens(nil, userId: user.id) }
        try signOut(announce: false)
    }

    /// What the user is told about a failed call: in their language, with what to do next.
    /// Every failed call passes here, so this is also where the shell learns that it is offline.
    func translate(_ error: RemoteError, server: String, provider: AuthProvider? = nil, email: String? = nil) -> BrainyError {
        switch error {
        case .unreachable, .timedOut: serverReachable = false
        case .server, .badResponse: serverReachable = true
        case .cancelled: break
        }
        switch error {
        case .cancelled: return .cancelled
        case .unreachable: return .serverUnreachable(server)
        case let .timedOut(seconds): return .serverTimedOut(server, seconds: seconds)
        case .badResponse: return .serverFailed(server, status: nil)
        case let .server(status, code, message, lockedUntil, remaining):
            if status >= 500 { return .serverFailed(server, status: status) }
            switch code {
            case "email_taken": return .emailTaken(email ?? "")
            case "password_too_short": return .passwordTooShort(minimum: config.passwordMinLength)
            case "invalid_email": return .invalidEmail(email ?? "")
            case "invalid_credentials":
                if let remaining { return .wrongCredentials(remainingAttempts: remaining) }
                return .serverRefused(code: code, message: message)
            case "account_locked":
                let until = lockedUntil ?? now
                return .accountLocked(until: BrainyDateFormat.minute(until, timeZone: deps.timeZone))
            case "login_method_disabled": return .loginMethodDisabled(provider ?? .email)
            case "provider_not_enabled": return .providerNotOffered(provider ?? .google)
            case "maintenance": return .maintenance
            default: return .serverRefused(code: code, message: message)
            }
        }
    }

    // MARK: Sign-in through the server

    func registerRemotely(_ api: any RemoteAPI, email: String, password: String) throws(BrainyError) {
        let response = try call(api, email: email) { try await $0.register(email: email, password: password) }
        console.line(Localized(ko: "서버(\(api.baseURL))에 \(email) 계정을 만들었습니다.",
                               en: "Created the account \(email) on the server (\(api.baseURL))."))
        try completeRemoteSignIn(response, api: api, via: .command(.register))
    }

    func loginRemotely(_ api: any RemoteAPI, email: String, password: String) throws(BrainyError) {
        let response = try call(api, email: email) { try await $0.login(email: email, password: password) }
        try completeRemoteSignIn(response, api: api)
    }

    /// Google or Apple through the device authorization flow: the shell shows a code and a link, and waits (Ctrl-C
    /// stops waiting) while the user approves on another device; the provider's ID token then goes to the server.
    func loginSocially(_ api: any RemoteAPI, provider: AuthProvider) throws(BrainyError) {
        let watch = RemoteCall()
        defer { watch.finish() }
        let offered = try call(api, watch, provider: provider) { try await $0.socialProviders() }
        guard let info = offered.providers.first(where: { $0.provider == provider }) else {
            throw .providerNotOffered(provider)
        }
        let device = try call(api, watch, provider: provider) { try await $0.startDeviceAuthorization(info) }
        let link = device.verificationUri.hasPrefix("/") ? api.baseURL + device.verificationUri : device.verificationUri
        console.line(Localized(
            ko: "\(provider.name.ko) 로그인: \(link) 에 접속해 코드 \(Josa.attach(device.userCode, .object)) 입력하세요\(info.development ? " (개발용 인증 서버)" : "").",
            en: "\(provider.name.en) sign-in: open \(link) and enter the code \(device.userCode)\(info.development ? " (development identity provider)" : "")."))
        console.line(console.paint(console.text(Localized(
            ko: "승인을 기다리는 중… (\(device.expiresIn / 60)분 안에, Ctrl-C로 그만두기)",
            en: "Waiting for approval… (within \(device.expiresIn / 60) min; Ctrl-C to stop)")), \.muted))
        var interval = Double(max(1, device.interval ?? 5))
        let deadline = ContinuousClock.now + .seconds(device.expiresIn)
        var idToken: String?
        while idToken == nil {
            guard ContinuousClock.now < deadline else { throw .signInTimedOut(provider) }
            do {
                try watch.pause(seconds: interval)
            } catch {
                throw .cancelled
            }
            let code = device.deviceCode
            let answer = try call(api, watch, provider: provider) { try await $0.pollDeviceToken(info, deviceCode: code) }
            switch answer.error {
            case nil: idToken = answer.idToken
            case "authorization_pending": continue
            case "slow_down": interval += 5
            case "access_denied": throw .signInDenied(provider)
            case "expired_token": throw .signInTimedOut(provider)
            case let other?: throw .serverRefused(code: other, message: answer.errorDescription ?? other)
            }
        }
        let token = idToken ?? ""
        let response = try call(api, watch, provider: provider) {
            try await $0.socialSignIn(SocialSignInRequest(provider: provider, idToken: token))
        }
        try completeRemoteSignIn(response, api: api)
    }

    /// Keeps the server's sign-in on the device (the account, its tokens) and signs in locally.
    private func completeRemoteSignIn(_ response: AuthResponse, api: any RemoteAPI,
                                      via trigger: FlowTrigger = .command(.login)) throws(BrainyError) {
        let user = try repository.adoptRemoteAccount(response.user, now: now)
        try repository.saveRemoteTokens(
            RemoteTokens(server: api.baseURL, accessToken: response.accessToken, refreshToken: response.refreshToken,
                         accountId: response.user.id),
            userId: user.id)
        try signIn(user, announce: true, via: trigger)
    }

    /// Ends the sign-in on the server too (best effort: offline, the tokens are simply forgotten).
    func logoutRemotely() {
        guard let user = flow.user, let tokens = try? repository.remoteTokens(userId: user.id) else { return }
        try? repository.saveRemoteTokens(nil, userId: user.id)
        guard let api = remoteAPI(), api.baseURL == tokens.server else { return }
        let refreshToken = tokens.refreshToken
        _ = try? call(api) { try await $0.logout(refreshToken) }
    }
}
