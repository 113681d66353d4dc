import BrainyKit
import Foundation

/// No body: the request of an operation that sends none, or the answer of one that answers none (204).
public struct Empty: Codable, Sendable, Equatable {
    public init() {}
}

/// One operation of brainy-server, with what travels each way: its route (method and path), the type of its request
/// body (`Empty` for none), the type of its answer, whether it needs the player's access token, the query parameters
/// it reads, and how large an answer the client accepts. The client sends through it (`HTTPRemoteAPI.send`), the
/// server registers its handler from it, and a test holds the list to docs/openapi.yaml.
public struct APIOperation<Request: Sendable, Response: Sendable>: Sendable, CustomStringConvertible {
    public let route: APIRoute
    /// Whether the request carries `Authorization: Bearer <access token>`.
    public let needsAccessToken: Bool
    /// The query parameters the operation reads, by name.
    public let query: [String]
    /// The largest answer the client reads, in bytes.
    public let responseLimit: Int
    /// Whether a signed-in account that has not accepted the current terms and privacy policy may call it (only
    /// accepting them may); every other operation that needs the access token is refused 403 `consent_required` then.
    public let allowsPendingConsent: Bool

    public init(_ route: APIRoute, needsAccessToken: Bool = false, query: [String] = [],
                responseLimit: Int = API.defaultResponseLimit, allowsPendingConsent: Bool = false) {
        self.route = route
        self.needsAccessToken = needsAccessToken
        self.allowsPendingConsent = allowsPendingConsent
        self.query = query
        self.responseLimit = responseLimit
    }

    public var description: String { route.description }

    /// The query of a request, in the order the operation declares its names (so a request reads the same every
    /// time). A name the operation does not declare would never be read by the server: it is refused, by name, rather
    /// than sent or dropped without a word.
    public func queryItems(_ values: [String: String]) throws(UndeclaredQueryName) -> [(name: String, value: String)] {
        let undeclared = values.keys.filter { !query.contains($0) }.sorted()
        guard undeclared.isEmpty else { throw UndeclaredQueryName(operation: description, names: undeclared) }
        return query.compactMap { name in values[name].map { (name, $0) } }
    }
    /// The request and response types by name, as the OpenAPI document's schemas call them.
    public var requestTypeName: String { String(describing: Request.self) }
    public var responseTypeName: String { String(describing: Response.self) }
}

/// An operation with its types erased, for the list of every operation.
public protocol AnyAPIOperation: Sendable {
    var route: APIRoute { get }
    var needsAccessToken: Bool { get }
    var allowsPendingConsent: Bool { get }
    var query: [String] { get }
    var requestTypeName: String { get }
    var responseTypeName: String { get }
}

extension APIOperation: AnyAPIOperation {}

/// Every JSON operation of brainy-server, each said once. (The operator's `/health` and `/metrics`, the ads
/// administration and the development identity provider answer text, HTML or admin JSON: they stay plain routes.)
public enum API {
    /// The largest answer, in bytes, the client reads from brainy-server (or a sign-in provider's device flow) unless
    /// its operation says otherwise: far above any answer but the pack's, and a bound on what a broken or hostile
    /// server can make the shell hold in memory.
    public static let defaultResponseLimit = 8 * 1024 * 1024

    public static let config = APIOperation<Empty, RemoteConfig>(APIRoute(.get, .content, "config"))
    public static let packVersion = APIOperation<Empty, PackVersionResponse>(APIRoute(.get, .content, "pack/version"))
    public static let pack = APIOperation<Empty, QuestionPack>(
        APIRoute(.get, .content, "pack"), responseLimit: 64 * 1024 * 1024)
    /// At most one entry per question the server serves: a few hundred kilobytes for a pack of thousands.
    public static let questionRatings = APIOperation<Empty, QuestionRatingsResponse>(
        APIRoute(.get, .content, "questions/ratings"))
    /// Deals tickets to the signed-in account, within its daily number.
    public static let quizTickets = APIOperation<QuizTicketRequest, QuizTicketResponse>(
        APIRoute(.post, .content, "quizzes/tickets"), needsAccessToken: true)

    public static let checkEmail = APIOperation<CheckEmailRequest, CheckEmailResponse>(
        APIRoute(.post, .auth, "check-email"))
    public static let register = APIOperation<RegisterRequest, AuthResponse>(APIRoute(.post, .auth, "register"))
    public static let login = APIOperation<CredentialsRequest, AuthResponse>(APIRoute(.post, .auth, "login"))
    public static let refresh = APIOperation<RefreshRequest, AuthResponse>(APIRoute(.post, .auth, "refresh"))
    public static let logout = APIOperation<RefreshRequest, Empty>(APIRoute(.post, .auth, "logout"))
    public static let socialProviders = APIOperation<Empty, SocialProvidersResponse>(APIRoute(.get, .auth, "providers"))
    public static let socialSignIn = APIOperation<SocialSignInRequest, AuthResponse>(APIRoute(.post, .auth, "social"))

    public static let uploadResults = APIOperation<ResultUploadRequest, ResultUploadResponse>(
        APIRoute(.post, .results, ""), needsAccessToken: true)
    public static let resultSummary = APIOperation<Empty, ResultSummaryResponse>(
        APIRoute(.get, .results, "summary"), needsAccessToken: true)
    /// The account's quizzes and results stored after the cursor `since`.
    public static let syncChanges = APIOperation<Empty, SyncChangesResponse>(
        APIRoute(.get, .results, "changes"), needsAccessToken: true, query: ["since", "limit"])
    /// The device's new credit events; each gets a verdict.
    public static let uploadCredits = APIOperation<CreditEventsRequest, CreditEventsResponse>(
        APIRoute(.post, .results, "credits"), needsAccessToken: true)
    /// The account's credit events stored after the cursor `since`.
    public static let creditLedger = APIOperation<Empty, CreditLedgerResponse>(
        APIRoute(.get, .results, "credits"), needsAccessToken: true, query: ["since", "limit"])
    public static let syncSettings = APIOperation<SharedSettingsRequest, SharedSettingsResponse>(
        APIRoute(.post, .results, "settings"), needsAccessToken: true)
    public static let syncStages = APIOperation<StagesRequest, StagesResponse>(
        APIRoute(.post, .results, "stages"), needsAccessToken: true)
    public static let dailyLeaderboard = APIOperation<Empty, LeaderboardResponse>(
        APIRoute(.get, .leaderboard, "daily"), needsAccessToken: true, query: ["date"])

    public static let ads = APIOperation<Empty, AdsResponse>(
        APIRoute(.get, .ads, ""), needsAccessToken: true, query: ["placement", "lang", "count", "quizzesToday"])
    public static let adEvents = APIOperation<AdEventsRequest, AdEventsResponse>(
        APIRoute(.post, .ads, "events"), needsAccessToken: true)

    public static let all: [any AnyAPIOperation] = [
        config, packVersion, pack, questionRatings, quizTickets, checkEmail, register, login, refresh, logout, socialProviders,
        socialSignIn, consentDocuments, acceptConsent, declineConsent, browserSignInStart, browserSignInPoll, uploadResults, resultSummary, syncChanges, uploadCredits, creditLedger, syncSettings, syncStages,
        dailyLeaderboard, ads, adEvents,
    ]
}
