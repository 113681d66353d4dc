import Foundation

/// Browser sign-in sessions, kept where every instance sees them. Each method is one transaction that first forgets
/// the sessions expired longer ago than `BrowserSignIn.grace`, and applies `BrowserSignIn`'s rules.
protocol BrowserSignInStore: Sendable {
    /// Keeps a new session; false when its key or user code is held already (the caller draws others).
    func addBrowserSignIn(_ session: BrowserSignIn, now: Date) async throws -> Bool
    /// The session whose user code matches, finished or not; nil when unknown or long expired.
    func browserSignIn(userCode: String, now: Date) async throws -> BrowserSignIn?
    /// The page sends the browser to the provider: `BrowserSignIn.begin`; nil for an unknown code.
    func beginBrowserSignIn(userCode: String, authorization: BrowserSignIn.Authorization, now: Date) async throws
        -> BrowserSignIn.BeginAction?
    /// The provider sent the browser back with `state`: `BrowserSignIn.calledBack`, which marks the state used, so
    /// that of two callbacks with it, on any instances, one is checked; nil for a state no session holds.
    func browserSignInCallback(state: String, now: Date) async throws -> BrowserSignIn.CallbackAction?
    /// The callback's verdict on a pending session.
    func finishBrowserSignIn(sessionKey: String, outcome: BrowserSignIn.Outcome, now: Date) async throws
    /// The shell polled: `BrowserSignIn.polled`; a session used up is forgotten, so that one poll gets the tokens.
    func pollBrowserSignIn(sessionKey: String, now: Date) async throws -> BrowserSignIn.PollAction?
}
