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

    public init(_ route: APIRoute, needsAccessToken: Bool = false, query: [String] = [],
                responseLimit: Int = 8 * 1024 * 1024) {
        self.route = route
        self.needsAccessToken = needsAccessToken
        self.query = query
        self.responseLimit = responseLimit
    }

    public var description: String { route.description }
    /// The request and response types by name, as the OpenAPI document's schemas call them.
    public var requestTypeName: String { String(describing: Request.self) }
    public var responseTypeName: String { String(describing: Response.self) }
}

/// An operation with its types erased, for the list of every operation.
public protocol AnyAPIOperation: Sendable {
    var route: APIRoute { get }
    var needsAccessToken: Bool { get }
    var query: [String] { get }
    var requestTypeName: String { get }
    var responseTypeName: String { get }
}

extension APIOperation: AnyAPIOperation {}

/// Every JSON operation of brainy-server, each said once. (The operator's `/health` and `/metrics`, the ads
/// administration and the development identity provider answer text, HTML or admin JSON: they stay plain routes.)
public enum API {
    public static let config = APIOperation<Empty, RemoteConfig>(.config)
    public static let packVersion = APIOperation<Empty, PackVersionResponse>(.packVersion)
    public static let pack = APIOperation<Empty, QuestionPack>(.pack, responseLimit: 64 * 1024 * 1024)
    /// At most one entry per question the server serves: a few hundred kilobytes for a pack of thousands.
    public static let questionRatings = APIOperation<Empty, QuestionRatingsResponse>(.questionRatings)
    public static let quizTickets = APIOperation<QuizTicketRequest, QuizTicketResponse>(.quizTickets, needsAccessToken: true)

    public static let checkEmail = APIOperation<CheckEmailRequest, CheckEmailResponse>(.checkEmail)
    public static let register = APIOperation<CredentialsRequest, AuthResponse>(.register)
    public static let login = APIOperation<CredentialsRequest, AuthResponse>(.login)
    public static let refresh = APIOperation<RefreshRequest, AuthResponse>(.refresh)
    public static let logout = APIOperation<RefreshRequest, Empty>(.logout)
    public static let socialProviders = APIOperation<Empty, SocialProvidersResponse>(.socialProviders)
    public static let socialSignIn = APIOperation<SocialSignInRequest, AuthResponse>(.socialSignIn)

    public static let uploadResults = APIOperation<ResultUploadRequest, ResultUploadResponse>(.uploadResults, needsAccessToken: true)
    public static let resultSummary = APIOperation<Empty, ResultSummaryResponse>(.resultSummary, needsAccessToken: true)
    public static let syncChanges = APIOperation<Empty, SyncChangesResponse>(
        .syncChanges, needsAccessToken: true, query: ["since", "limit"])
    public static let uploadCredits = APIOperation<CreditEventsRequest, CreditEventsResponse>(.uploadCredits, needsAccessToken: true)
    public static let creditLedger = APIOperation<Empty, CreditLedgerResponse>(
        .creditLedger, needsAccessToken: true, query: ["since", "limit"])
    public static let syncSettings = APIOperation<SharedSettingsRequest, SharedSettingsResponse>(.syncSettings, needsAccessToken: true)
    public static let syncStages = APIOperation<StagesRequest, StagesResponse>(.syncStages, needsAccessToken: true)
    public static let dailyLeaderboard = APIOperation<Empty, LeaderboardResponse>(
        .dailyLeaderboard, needsAccessToken: true, query: ["date"])

    public static let ads = APIOperation<Empty, AdsResponse>(
        .ads, needsAccessToken: true, query: ["placement", "lang", "count", "quizzesToday"])
    public static let adEvents = APIOperation<AdEventsRequest, AdEventsResponse>(.adEvents, needsAccessToken: true)

    public static let all: [any AnyAPIOperation] = [
        config, packVersion, pack, questionRatings, quizTickets, checkEmail, register, login, refresh, logout, socialProviders,
        socialSignIn, uploadResults, resultSummary, syncChanges, uploadCredits, creditLedger, syncSettings, syncStages,
        dailyLeaderboard, ads, adEvents,
    ]
}
