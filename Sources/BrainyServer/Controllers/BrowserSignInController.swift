import BrainyAPI
import BrainyKit
import Crypto
import Foundation
import Hummingbird

/// Browser sign-in, the server side: the shell starts a session and polls it; the person opens the link, and this
/// server's pages start the provider's authorization and take its callback. One path for every provider; what
/// differs is in `BrowserProvider`.
struct BrowserSignInController {
    let providers: [BrowserSignInProvider: BrowserProvider]
    /// This server's public URL (`--public-url`); nil takes the Host the shell reached it by (development only).
    let publicURL: String?
    let store: any BrowserSignInStore
    let identities: any IdentityStore
    /// The email side, whose config, clock and session start this shares.
    let sessions: AuthController
    let exchange: ProviderExchange
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.browserSignInStart, use: start)
        routes.on(API.browserSignInPoll, use: poll)
        let pages = routes.collection
        pages.on(.browserSignInPage, use: page)
        pages.on(.browserSignInAuthorize, use: authorize)
        pages.on(.browserSignInCallback, use: callback)
        pages.on(.browserSignInFormCallback, use: callback)
        return pages
    }

    private var clock: any BrainyClock { sessions.clock }

    @Sendable func start(_ body: BrowserSignInStartRequest, _ request: Request, context: ServerRequestContext)
        async throws -> BrowserSignInStartResponse {
        guard let provider = providers[body.provider] else {
            throw APIError(.badRequest, "provider_not_enabled",
                           "This server does not offer \(body.provider.name.en) sign-in through the browser.")
        }
        // Every provider follows the served config (its sign-in methods) as well as this server's flags.
        if !sessions.config.allowsLogin(provider.provider.accountProvider) {
            throw APIError(.forbidden, "login_method_disabled", "\(provider.provider.name.en) sign-in is turned off on this server.")
        }
        try await sessions.limit(.browserSignIn, context.clientAddress)
        let origin = publicURL ?? "http://" + DevIdPController.authority(of: request)
        let now = clock.now()
        while true {
            let sessionId = Self.randomToken()
            let letters = (0..<8).map { _ in DevIdentityProvider.userCodeAlphabet.randomElement() ?? "B" }
            let userCode = String(letters[0..<4]) + "-" + String(letters[4...])
            let session = BrowserSignIn(sessionKey: Self.key(sessionId), userCode: userCode, provider: provider.provider,
                                        origin: origin, now: now)
            if try await store.addBrowserSignIn(session, now: now) {
                return BrowserSignInStartResponse(
                    sessionId: sessionId, userCode: userCode,
                    link: origin + APIRoute.browserSignInPage.path + "?code=" + userCode,
                    interval: BrowserSignIn.interval, expiresIn: Int(BrowserSignIn.lifetime))
            }
        }
    }

    @Sendable func poll(_ body: BrowserSignInPollRequest, _ request: Request, context: ServerRequestContext)
        async throws -> BrowserSignInPollResponse {
        try await sessions.limit(.browserPoll, context.clientAddress)
        let now = clock.now()
        switch try await store.pollBrowserSignIn(sessionKey: Self.key(body.sessionId), now: now) {
        case nil:
            return BrowserSignInPollResponse(
                status: .expired, reason: "No sign-in is waiting under this session id: it finished, expired or never began.")
        case .pending: return BrowserSignInPollResponse(status: .pending)
        case .slowDown: return BrowserSignInPollResponse(status: .slowDown)
        case .expired: return BrowserSignInPollResponse(status: .expired, reason: BrowserSignInError.expired.message.en)
        case let .denied(reason): return BrowserSignInPollResponse(status: .denied, reason: reason)
        case let .signIn(accountId):
            guard let account = try await sessions.accounts.account(id: accountId) else {
                return BrowserSignInPollResponse(status: .denied, reason: "The account of this sign-in no longer exists.")
            }
            try await sessions.accounts.recordSuccessfulLogin(accountId: account.id, address: context.clientAddress, at: now)
            return BrowserSignInPollResponse(status: .done, session: try await sessions.startSession(for: account, now: now))
        }
    }

    /// The page the link opens: the code again, and the button to the provider.
    @Sendable func page(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = request.uri.queryParameters.get("code") ?? ""
        guard !code.isEmpty, let session = try await store.browserSignIn(userCode: code, now: clock.now()) else {
            return Self.refusal(.unknownCode, status: .badRequest)
        }
        if session.outcome != .pending { return Self.refusal(.finished, status: .conflict) }
        if session.expiresAt <= clock.now() { return Self.refusal(.expired, status: .gone) }
        return DevIdPController.html(BrowserSignInPages.start(userCode: session.userCode, provider: session.provider))
    }

    /// Sends the browser to the provider with a new state, nonce and PKCE challenge (S256).
    @Sendable func authorize(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = request.uri.queryParameters.get("code") ?? ""
        let authorization = BrowserSignIn.Authorization(state: Self.randomToken(), nonce: Self.randomToken(),
                                                        codeVerifier: Self.randomToken(), used: false)
        guard !code.isEmpty,
              let action = try await store.beginBrowserSignIn(userCode: code, authorization: authorization,
                                                              now: clock.now())
        else { return Self.refusal(.unknownCode, status: .badRequest) }
        switch action {
        case .expired: return Self.refusal(.expired, status: .gone)
        case .finished: return Self.refusal(.finished, status: .conflict)
        case let .redirect(session):
            guard let provider = providers[session.provider] else { return Self.refusal(.unknownCode, status: .badRequest) }
            let endpoints = provider.endpoints(origin: session.origin)
            var query = ["response_type": "code", "client_id": provider.clientId,
                         "redirect_uri": provider.redirectURI(origin: session.origin), "state": authorization.state,
                         "code_challenge": Self.challenge(authorization.codeVerifier), "code_challenge_method": "S256"]
            if !provider.scopes.isEmpty { query["scope"] = provider.scopes }
            if case .idToken = provider.identity { query["nonce"] = authorization.nonce }
            if let mode = provider.responseMode { query["response_mode"] = mode }
            return Response(status: .seeOther,
                            headers: [.location: endpoints.authorize + "?" + FormBody.encode(query),
                                      .cacheControl: "no-store"])
        }
    }

    /// The provider's callback: a GET with the query (Kakao, Naver, Google) or a form POST (Apple's form_post).
    @Sendable func callback(_ request: Request, context: ServerRequestContext) async throws -> Response {
        var fields: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { fields[String(name)] = String(value) }
        if request.method == .post {
            do {
                fields.merge(try await request.formFields(context: context)) { _, form in form }
            } catch {
                return Self.refusal(.forgedState, status: .badRequest)
            }
        }
        guard let state = fields["state"], !state.isEmpty,
              let action = try await store.browserSignInCallback(state: state, now: clock.now())
        else { return Self.refusal(.forgedState, status: .badRequest) }
        let session: BrowserSignIn
        switch action {
        case .replayed: return Self.refusal(.replayed, status: .badRequest)
        case .expired: return Self.refusal(.expired, status: .gone)
        case let .check(checked): session = checked
        }
        guard let provider = providers[session.provider], let authorization = session.authorization,
              context.parameters.get("provider") == session.provider.rawValue
        else { return try await refuse(session, .forgedState, status: .badRequest) }
        if let error = fields["error"] {
            let refusal: BrowserSignInError = error == "access_denied" || error == "user_cancelled_authorize"
                || error == "user_cancelled_login" ? .denied(session.provider)
                : .providerRefused(session.provider, "it answered '\(error.prefix(60))'.")
            return try await refuse(session, refusal, status: .forbidden)
        }
        guard let code = fields["code"], !code.isEmpty else {
            return try await refuse(session, .providerRefused(session.provider, "it sent no code."), status: .badRequest)
        }
        let identity: CheckedIdentity
        do {
            identity = try await exchange.identity(provider, code: code, session: session, authorization: authorization)
        } catch {
            let status: HTTPResponse.Status = if case .providerUnavailable = error { .badGateway } else { .forbidden }
            return try await refuse(session, error, status: status)
        }
        let account = try await signIn(identity, provider: session.provider)
        try await store.finishBrowserSignIn(sessionKey: session.sessionKey, outcome: .done(accountId: account.id),
                                            now: clock.now())
        return DevIdPController.html(BrowserSignInPages.signedIn(provider: session.provider))
    }

    /// Links the identity to an account as the ID-token sign-in does: the account already linked, else the account
    /// of the verified email, else a new account. A provider that vouches for no email gets an account of its own,
    /// under an address that cannot receive mail (`.invalid`, RFC 2606), drawn at random so no one can claim it first.
    private func signIn(_ identity: CheckedIdentity, provider: BrowserSignInProvider) async throws -> ServerAccount {
        let now = clock.now()
        let social = SocialIdentity(provider: provider, subject: identity.subject, email: identity.verifiedEmail,
                                    linkedAt: now)
        let id = UUID().uuidString.lowercased()
        let email = identity.verifiedEmail ?? "\(provider.rawValue)-\(id)@users.brainy.invalid"
        // Without an address to name it by, the provider's own name for the person (cleaned in `CheckedIdentity`),
        // else the provider and the start of the id.
        let displayName = identity.verifiedEmail.map(DisplayName.from(email:)) ?? identity.name
            ?? "\(provider.name.en) \(id.prefix(4))"
        let newAccount = ServerAccount(id: id, email: email, displayName: displayName, passwordHash: "",
                                       provider: provider.accountProvider, createdAt: now)
        guard let account = try await identities.signIn(social, orCreate: newAccount) else {
            throw APIError(.conflict, "account_unavailable", "The new account could not be made. Start again.")
        }
        return account
    }

    private func refuse(_ session: BrowserSignIn, _ error: BrowserSignInError, status: HTTPResponse.Status)
        async throws -> Response {
        try await store.finishBrowserSignIn(sessionKey: session.sessionKey, outcome: .denied(reason: error.message.en),
                                            now: clock.now())
        return Self.refusal(error, status: status)
    }

    static func refusal(_ error: BrowserSignInError, status: HTTPResponse.Status) -> Response {
        DevIdPController.html(BrowserSignInPages.refused(error), status: status)
    }

    /// 32 random bytes, base64url: session ids, states, nonces, PKCE verifiers (43 characters, as RFC 7636 allows).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// How the database keys a session: the SHA-256 of its id, so that the table alone cannot poll anyone's.
    static func key(_ sessionId: String) -> String { Base64URL.encode(Data(SHA256.hash(data: Data(sessionId.utf8)))) }

    /// RFC 7636's S256 challenge of a verifier.
    static func challenge(_ verifier: String) -> String { Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8)))) }
}

extension BrowserSignInProvider {
    /// How an account this provider made is described (and the sign-in method the served config names it by).
    var accountProvider: AuthProvider {
        switch self {
        case .google: .google
        case .apple: .apple
        case .kakao: .kakao
        case .naver: .naver
        }
    }
}

extension BrowserSignInStartResponse: ResponseEncodable {}
extension BrowserSignInPollResponse: ResponseEncodable {}
