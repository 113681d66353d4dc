import BrainyKit
import Foundation

// Browser sign-in (Kakao, Naver, Apple, Google): the shell asks brainy-server for a sign-in session, shows the link
// and the short code, and polls; the person opens the link in any browser, where brainy-server's page starts the
// provider's authorization (code flow with PKCE, `state` and, where the provider issues ID tokens, a nonce), receives
// the callback, checks what came back, and finishes the session. The shell never sees a provider's token.

/// The providers a person can sign in with through the browser.
public enum BrowserSignInProvider: String, Codable, Sendable, CaseIterable {
    case kakao, naver, apple, google

    public var name: Localized {
        switch self {
        case .kakao: Localized(ko: "카카오", en: "Kakao")
        case .naver: Localized(ko: "네이버", en: "Naver")
        case .apple: .same("Apple")
        case .google: .same("Google")
        }
    }
}

/// `POST /v1/auth/browser/start`: a new browser sign-in with `provider`.
public struct BrowserSignInStartRequest: Codable, Equatable, Sendable {
    public var provider: BrowserSignInProvider
    public init(provider: BrowserSignInProvider) { self.provider = provider }
}

/// The new session: what the shell keeps secret (`sessionId`, sent only with each poll) and what it shows (`link`,
/// `userCode`, which the page shows too so that the person can tell the two match).
public struct BrowserSignInStartResponse: Codable, Equatable, Sendable {
    public var sessionId: String
    public var userCode: String
    /// The page on brainy-server to open in a browser; it carries the user code, never the session id.
    public var link: String
    /// Seconds to wait between polls; a faster poll is answered `slow_down`.
    public var interval: Int
    /// Seconds until the session expires.
    public var expiresIn: Int

    public init(sessionId: String, userCode: String, link: String, interval: Int, expiresIn: Int) {
        self.sessionId = sessionId
        self.userCode = userCode
        self.link = link
        self.interval = interval
        self.expiresIn = expiresIn
    }
}

/// `POST /v1/auth/browser/poll`: how the session stands.
public struct BrowserSignInPollRequest: Codable, Equatable, Sendable {
    public var sessionId: String
    public init(sessionId: String) { self.sessionId = sessionId }
}

/// Where a browser sign-in stands.
public enum BrowserSignInStatus: String, Codable, Sendable, CaseIterable {
    /// Not finished in the browser yet: poll again after the interval.
    case pending
    /// Polled sooner than the interval: wait the interval (plus five seconds, as RFC 8628 asks) and poll again.
    case slowDown = "slow_down"
    /// The session expired before the browser finished; start again.
    case expired
    /// The person declined at the provider, or the provider's answer was refused; start again.
    case denied
    /// Signed in: `session` holds the tokens, given once (a later poll hears `expired`).
    case done
}

/// The poll's answer; `session` only with `done`, the same tokens every other sign-in gives.
public struct BrowserSignInPollResponse: Codable, Equatable, Sendable {
    public var status: BrowserSignInStatus
    public var session: AuthResponse?
    /// With `denied`: why, in English, for the shell to show.
    public var reason: String?

    public init(status: BrowserSignInStatus, session: AuthResponse? = nil, reason: String? = nil) {
        self.status = status
        self.session = session
        self.reason = reason
    }
}

extension API {
    /// Starts a browser sign-in; refused with `provider_not_enabled` for a provider this server is not set up for.
    public static let browserSignInStart = APIOperation<BrowserSignInStartRequest, BrowserSignInStartResponse>(
        APIRoute(.post, .auth, "browser/start"))
    /// Polls a browser sign-in (at the session's interval).
    public static let browserSignInPoll = APIOperation<BrowserSignInPollRequest, BrowserSignInPollResponse>(
        APIRoute(.post, .auth, "browser/poll"))
}

extension APIRoute {
    /// The page the shell's link opens: `?code=<user code>`; shows the code and a button to the provider.
    public static let browserSignInPage = APIRoute(.get, .auth, "browser")
    /// Starts the provider's authorization for `?code=<user code>`: a redirect to the provider.
    public static let browserSignInAuthorize = APIRoute(.get, .auth, "browser/authorize")
    /// Where the provider sends the browser back (Kakao, Naver, Google: a GET with the query; Apple: a form_post).
    public static let browserSignInCallback = APIRoute(.get, .auth, "browser/callback/{provider}")
    public static let browserSignInFormCallback = APIRoute(.post, .auth, "browser/callback/{provider}")

    /// The development identity provider's side of the browser sign-in, per provider.
    public static let devAuthorizePage = APIRoute(.get, .devIdP, "{provider}/authorize")
    public static let devAuthorize = APIRoute(.post, .devIdP, "{provider}/authorize")
    /// Naver's profile API (`/v1/nid/me`) as the development identity provider answers it.
    public static let devProfile = APIRoute(.get, .devIdP, "{provider}/v1/nid/me")

    /// The browser sign-in's plain routes (HTML pages, redirects, the development IdP's endpoints).
    public static let browserSignInRoutes: [APIRoute] = [
        browserSignInPage, browserSignInAuthorize, browserSignInCallback, browserSignInFormCallback,
        devAuthorizePage, devAuthorize, devProfile,
    ]
}
