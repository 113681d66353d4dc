import BrainyAPI
import BrainyKit
import Foundation

/// An account as the server keeps it: made by registering with email and password, or by a first social sign-in.
public struct ServerAccount: Equatable, Sendable {
    public var id: String
    public var email: String
    public var displayName: String
    /// Empty for an account made by social sign-in: it has no password.
    public var passwordHash: String
    /// How the account was made: `.email`, or `.google` / `.apple` for one that can only sign in socially.
    public var provider: AuthProvider
    public var createdAt: Date
    public var failedLoginAttempts: Int
    public var lockedUntil: Date?

    public init(id: String, email: String, displayName: String, passwordHash: String, provider: AuthProvider = .email,
                createdAt: Date, failedLoginAttempts: Int = 0, lockedUntil: Date? = nil) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.provider = provider
        self.createdAt = createdAt
        self.failedLoginAttempts = failedLoginAttempts
        self.lockedUntil = lockedUntil
    }

    var payload: AccountPayload {
        AccountPayload(id: id, email: email, displayName: displayName, provider: provider)
    }
}

/// A provider's account (its `sub`) as signed in here, to be linked to one of ours.
public struct SocialIdentity: Equatable, Sendable {
    /// Whose identity: Google and Apple (ID tokens, device flow or browser), Kakao and Naver (browser).
    public var provider: BrowserSignInProvider
    public var subject: String
    /// The verified email the provider vouched for, lower-cased; nil when it gave none.
    public var email: String?
    public var linkedAt: Date

    public init(provider: BrowserSignInProvider, subject: String, email: String?, linkedAt: Date) {
        self.provider = provider
        self.subject = subject
        self.email = email
        self.linkedAt = linkedAt
    }
}

/// A refresh token to store: only its SHA-256 hash is ever kept.
public struct NewRefreshToken: Sendable {
    public var hash: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(hash: String, createdAt: Date, expiresAt: Date) {
        self.hash = hash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// Whether a sign-in attempt may check its password.
public enum LoginAttempt: Equatable, Sendable {
    /// The account is locked until then: refuse without checking.
    case locked(until: Date)
    /// Counted: `remaining` attempts are left, and `locksUntil` is set when this one locked the account.
    case counted(remaining: Int, locksUntil: Date?)
}

/// What using a refresh token came to.
public enum RefreshRotation: Equatable, Sendable {
    /// The token was valid; it is now used up and `replacement` is stored in its place.
    case rotated(userId: String, login: String)
    /// The token had already been rotated: every token of its login family is now revoked.
    case reused
    case expired
    /// Never issued, or revoked (by logout or after a reuse).
    case unknown
}

/// One player's answers on one day.
public struct DailyScore: Equatable, Sendable {
    public var userId: String
    public var displayName: String
    public var correct: Int
    /// Answered questions (skipped ones not counted).
    public var answered: Int

    public init(userId: String, displayName: String, correct: Int, answered: Int) {
        self.userId = userId
        self.displayName = displayName
        self.correct = correct
        self.answered = answered
    }
}

/// Accounts and their login families of refresh tokens.
public protocol AccountStore: Sendable {
    func account(email: String) async throws -> ServerAccount?
    func account(id: String) async throws -> ServerAccount?
    /// Stores a new account; false when the email is already taken.
    func createAccount(_ account: ServerAccount) async throws -> Bool
    /// Counts a sign-in attempt on `subject` (an email, known or not) from `client` (an address, or a device
    /// cookie) before its password is checked, in the same transaction as the lock check, so that concurrent guesses
    /// cannot all find it unlocked: `.locked` when that client is locked out of that subject at `now`; else the
    /// attempt is counted and, when it is the `maxAttempts`-th in a row, the client is locked out for `lockout`
    /// doubled for each lock-out before it (up to a day), and the count starts again (the attempt itself goes on: a
    /// right password clears it). Failures a day old are forgotten. Other clients, the owner's among them, are not
    /// held back; an unknown email is counted like a known one, so that the answers do not tell them apart.
    func beginLoginAttempt(subject: String, client: String, maxAttempts: Int, lockout: TimeInterval, now: Date)
        async throws -> LoginAttempt
    /// Forgets the failures of `client` on `subject` (a right password).
    func forgetLoginFailures(subject: String, client: String) async throws
    /// Notes the sign-in (and forgets the failures from `address` the server counted per account before).
    func recordSuccessfulLogin(accountId: String, address: String, at date: Date) async throws

    /// Starts the login family `login` with its first refresh token.
    func startLogin(accountId: String, login: String, token: NewRefreshToken) async throws
    /// Uses up the refresh token with hash `hash`, storing `replacement` in the same family when it was valid.
    func rotateRefreshToken(hash: String, replacement: NewRefreshToken, now: Date) async throws -> RefreshRotation
    /// Revokes every refresh token of the login family that `hash` belongs to (logout).
    func endLogin(containing hash: String, now: Date) async throws
}

/// Whether a login is still signed in, asked for every access token presented.
public protocol LoginStatusStore: Sendable {
    /// True while the login family `login` of `accountId` has a refresh token not revoked (by logout, or by a
    /// replayed refresh token); an expired session needs no check here, its access tokens expire first.
    func isSignedIn(login: String, accountId: String) async throws -> Bool
}

/// A result that passed `ResultCheck`: whether it may count on the leaderboard, and whether it is a vote on its
/// question's rating.
public struct CheckedResult: Equatable, Sendable {
    public var result: UploadedResult
    /// Passed the checks one result can pass alone (a question the server knows, graded again, answered after the
    /// account was made). It ranks only if its quiz is plausible too (`LeaderboardRules`), judged when stored.
    public var ranked: Bool
    /// A question the server can check (its pack's, or one the bundled knowledge base makes): the account's first
    /// answer to it is its vote on the question's rating. Generated ids it cannot look up are never rated.
    public var rated: Bool

    public init(result: UploadedResult, ranked: Bool, rated: Bool = false) {
        self.result = result
        self.ranked = ranked
        self.rated = rated
    }
}

/// How much one account may store a UTC day (by when the server received it): past it an upload is refused whole
/// with `QuotaExceeded` (429), and what was refused stays on the device for the next day.
public struct StorageQuota: Equatable, Sendable {
    public var resultsPerDay: Int
    public var quizzesPerDay: Int
    /// Ad events (impressions, opens, completions) uploaded a day.
    public var adEventsPerDay: Int

    public init(resultsPerDay: Int, quizzesPerDay: Int, adEventsPerDay: Int = 2_000) {
        self.resultsPerDay = resultsPerDay
        self.quizzesPerDay = quizzesPerDay
        self.adEventsPerDay = adEventsPerDay
    }

    /// A day of very heavy play is a few thousand answers and a few events per quiz; an account of one person never
    /// needs more.
    public static let defaults = StorageQuota(resultsPerDay: 20_000, quizzesPerDay: 5_000, adEventsPerDay: 2_000)
}

/// An upload that would take the account past its `StorageQuota` for the day: nothing of it was stored.
public struct QuotaExceeded: Error, Equatable, Sendable {
    /// "results" or "quizzes".
    public var what: String
    public var limit: Int
}

/// Uploaded results and the leaderboard drawn from them.
public protocol ResultStore: Sendable {
    /// Stores what is new of `results` and `quizzes` for `userId`, ignoring ids the caller already stored; refuses ids
    /// another account holds (`id_taken`) and results naming another account's quiz (`not_your_quiz`). Then judges
    /// again every quiz this upload touched (`LeaderboardRules` at `receivedAt`), marking which of its answers rank,
    /// and keeps each rated result's vote. Throws `QuotaExceeded`, storing nothing, when the account would hold more
    /// than `quota` allows of what it sent that UTC day. Nil when there is no such account.
    func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date,
                      quota: StorageQuota) async throws -> ResultUploadResponse?
    /// Everyone's score for ranked results answered on the UTC day that `day` falls in, each (player, question)
    /// counted once: by its first answer that day (answeredAt, then result id), so replaying a quiz or sending the
    /// same question again adds nothing. The first answers are kept as results are stored, so that this reads the
    /// day's rows of them in order, ranking nothing.
    func dailyScores(on day: Date) async throws -> [DailyScore]
    /// How many results and quizzes the server holds for one account.
    func resultSummary(accountId: String) async throws -> ResultSummaryResponse
    /// Per question the server can check, its votes: each account's first answer to it, right or not (skips count as
    /// not right), in the byte order of question ids.
    func questionTallies() async throws -> [QuestionTally]
}

extension ResultStore {
    func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date)
        async throws -> ResultUploadResponse? {
        try await storeResults(results, quizzes: quizzes, userId: userId, receivedAt: receivedAt, quota: .defaults)
    }
}

/// Every player's answers to one question.
public struct QuestionTally: Equatable, Sendable {
    public var questionId: String
    public var correct: Int
    public var answered: Int

    public init(questionId: String, correct: Int, answered: Int) {
        self.questionId = questionId
        self.correct = correct
        self.answered = answered
    }
}

/// Where older servers kept the key that signs access tokens: in the database, in the clear. It now lives in a
/// file outside the database (`SigningKeyFile`); a kept key is moved there once, so that tokens stay valid.
public protocol SecretStore: Sendable {
    func legacySigningKey() async throws -> [UInt8]?
    func forgetLegacySigningKey() async throws
}

/// Which account each provider identity signs in to.
public protocol IdentityStore: Sendable {
    /// In one transaction: the account `identity` is already linked to; else the account with the identity's email,
    /// now linked; else `newAccount`, created and linked. Nil when none applies (no link, no such email, and no
    /// `newAccount`, which the caller leaves out when the provider vouched for no email).
    func signIn(_ identity: SocialIdentity, orCreate newAccount: ServerAccount?) async throws -> ServerAccount?
}

/// Everything the server keeps, the rate limiter's buckets among it, and whether it answers.
public typealias ServerRepository = AccountStore & ConsentStore & IdentityStore & LoginStatusStore & RateLimiter & ResultStore & SyncChangeStore
    & SecretStore & StorageProbe
