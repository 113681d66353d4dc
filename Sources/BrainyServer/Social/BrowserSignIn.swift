import BrainyAPI
import Foundation

/// One browser sign-in session and the rules its events follow: the shell starts it and polls it by its secret id;
/// the page, reached by its short user code, begins the provider's authorization (a one-use `state`, a nonce, a PKCE
/// verifier); the callback, found by that state, finishes it. A `BrowserSignInStore` keeps them in the database, so
/// that the shell may start on one instance, the browser come back to another, and the shell poll a third.
struct BrowserSignIn: Equatable, Sendable {
    /// SHA-256 of the session id (base64url): the database never holds the id itself.
    var sessionKey: String
    var userCode: String
    var provider: BrowserSignInProvider
    /// This server's public URL as the session began: the link, the redirect URI and (for the development identity
    /// provider) the provider's base are made from it.
    var origin: String
    var expiresAt: Date
    /// When the shell last polled, for `slow_down`.
    var polledAt: Date?
    /// Set when the page sent the browser to the provider; the callback must bring `state` back, once.
    var authorization: Authorization?
    var outcome: Outcome

    struct Authorization: Equatable, Sendable {
        var state: String
        var nonce: String
        var codeVerifier: String
        /// Whether a callback already used this state: a second one is a replay.
        var used: Bool
    }

    enum Outcome: Equatable, Sendable {
        case pending
        case done(accountId: String)
        case denied(reason: String)
    }

    /// Seconds a session stays open.
    static let lifetime: TimeInterval = 600
    /// Seconds the shell waits between polls.
    static let interval = 5
    /// Expired sessions are kept a little longer, so that a late poll or callback hears "expired", not "unknown".
    static let grace: TimeInterval = 600

    init(sessionKey: String, userCode: String, provider: BrowserSignInProvider, origin: String, now: Date) {
        self.init(sessionKey: sessionKey, userCode: userCode, provider: provider, origin: origin,
                  expiresAt: now.addingTimeInterval(Self.lifetime), polledAt: nil, authorization: nil, outcome: .pending)
    }

    init(sessionKey: String, userCode: String, provider: BrowserSignInProvider, origin: String, expiresAt: Date,
         polledAt: Date?, authorization: Authorization?, outcome: Outcome) {
        self.sessionKey = sessionKey
        self.userCode = userCode
        self.provider = provider
        self.origin = origin
        self.expiresAt = expiresAt
        self.polledAt = polledAt
        self.authorization = authorization
        self.outcome = outcome
    }

    static func forgottenExpiry(at now: Date) -> Date { now.addingTimeInterval(-grace) }

    /// The user code as looked up: any case, with or without the dash.
    static func normalized(_ userCode: String) -> String { DeviceAuthorization.normalized(userCode) }

    enum PollAction: Equatable, Sendable {
        case pending
        case slowDown
        case expired
        case denied(reason: String)
        /// Start a session for the account; the sign-in is used up.
        case signIn(accountId: String)

        var usesUpSession: Bool {
            switch self {
            case .denied, .signIn: true
            case .pending, .slowDown, .expired: false
            }
        }
    }

    /// The shell polled at `now`.
    mutating func polled(now: Date) -> PollAction {
        defer { polledAt = now }
        if let polledAt, now.timeIntervalSince(polledAt) < Double(Self.interval) - 1 { return .slowDown }
        switch outcome {
        // Finished in time: the tokens are given even to a poll a little after the expiry.
        case let .done(accountId): return .signIn(accountId: accountId)
        case let .denied(reason): return .denied(reason: reason)
        case .pending: return expiresAt <= now ? .expired : .pending
        }
    }

    enum BeginAction: Equatable, Sendable {
        /// Send the browser to the provider with this authorization.
        case redirect(BrowserSignIn)
        case expired
        /// Already finished (signed in or denied): nothing to begin.
        case finished
    }

    /// The page asked to go to the provider. A second visit (a reload, another tab) replaces the state: only the
    /// latest authorization can finish the session.
    mutating func begin(_ authorization: Authorization, now: Date) -> BeginAction {
        if expiresAt <= now { return .expired }
        guard outcome == .pending else { return .finished }
        self.authorization = authorization
        return .redirect(self)
    }

    enum CallbackAction: Equatable, Sendable {
        /// Check the provider's answer with this session's verifier and nonce.
        case check(BrowserSignIn)
        /// This state came back before.
        case replayed
        case expired
    }

    /// The provider sent the browser back with this session's state.
    mutating func calledBack(now: Date) -> CallbackAction {
        guard var authorization, !authorization.used, outcome == .pending else { return .replayed }
        authorization.used = true
        self.authorization = authorization
        if expiresAt <= now { return .expired }
        return .check(self)
    }
}

extension BrowserSignIn.Outcome {
    /// How a row keeps it: `outcome` and `detail` (the account id, or why it was denied).
    var stored: (outcome: String, detail: String?) {
        switch self {
        case .pending: ("pending", nil)
        case let .done(accountId): ("done", accountId)
        case let .denied(reason): ("denied", reason)
        }
    }

    init(stored outcome: String, detail: String?) {
        switch (outcome, detail) {
        case let ("done", accountId?): self = .done(accountId: accountId)
        case ("denied", let reason): self = .denied(reason: reason ?? "")
        default: self = .pending
        }
    }
}
