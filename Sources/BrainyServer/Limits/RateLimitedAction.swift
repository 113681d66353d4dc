/// What the server limits, by client address or by account; the names `--rate-limit` takes.
public enum RateLimitedAction: String, CaseIterable, Sendable {
    /// Registrations from one address (each costs a password hash).
    case register
    /// Sign-in attempts from one address, to any account.
    case login
    /// Sign-in attempts on one account, from every address together.
    case loginAccount = "login-account"
    /// Address look-ups from one address.
    case checkEmail = "check-email"
    /// Browser sign-ins started from one address (each a row and a link).
    case browserSignIn = "browser-sign-in"
    /// Browser sign-in polls from one address (beside each session's own interval, answered `slow_down`).
    case browserPoll = "browser-poll"

    public var defaultLimit: RateLimit {
        switch self {
        case .register: RateLimit(count: 20, window: 3_600)
        case .login: RateLimit(count: 30, window: 300)
        case .loginAccount: RateLimit(count: 100, window: 3_600)
        case .checkEmail: RateLimit(count: 60, window: 60)
        case .browserSignIn: RateLimit(count: 30, window: 600)
        case .browserPoll: RateLimit(count: 600, window: 600)
        }
    }
}
