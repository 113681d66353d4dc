import BrainyKit
import Foundation
/// Every operation of brainy-server, by method and path: the client builds its requests from these, the server
/// registers its routes from them, and a test holds them to docs/openapi.yaml, so the three cannot drift.
public struct APIRoute: Hashable, Sendable, CustomStringConvertible {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// The path prefix a controller's routes are registered under.
    public enum Group: String, Sendable, CaseIterable {
        case content = "/v1"
        case auth = "/v1/auth"
        case results = "/v1/results"
        case leaderboard = "/v1/leaderboard"
        case ads = "/v1/ads"
        case devIdP = "/dev-idp"
        /// What operators and their monitors read: `/health`, `/metrics`.
        case operations = ""
    }

    public let method: Method
    public let group: Group
    /// The path under the group ("" for the group's own path); `{name}` marks a parameter.
    public let subpath: String

    public init(_ method: Method, _ group: Group, _ subpath: String) {
        self.method = method
        self.group = group
        self.subpath = subpath
    }

    /// The whole path, as the OpenAPI document writes it.
    public var path: String { subpath.isEmpty ? group.rawValue : group.rawValue + "/" + subpath }

    public var description: String { "\(method.rawValue) \(path)" }

    /// The path with its `{name}` parameters filled in.
    public func path(filling parameters: [String: String]) -> String {
        parameters.reduce(path) { path, parameter in path.replacingOccurrences(of: "{\(parameter.key)}", with: parameter.value) }
    }
}

extension APIRoute {
    public static let config = APIRoute(.get, .content, "config")
    public static let packVersion = APIRoute(.get, .content, "pack/version")
    public static let pack = APIRoute(.get, .content, "pack")
    public static let questionRatings = APIRoute(.get, .content, "questions/ratings")

    public static let checkEmail = APIRoute(.post, .auth, "check-email")
    public static let register = APIRoute(.post, .auth, "register")
    public static let login = APIRoute(.post, .auth, "login")
    public static let refresh = APIRoute(.post, .auth, "refresh")
    public static let logout = APIRoute(.post, .auth, "logout")
    public static let socialProviders = APIRoute(.get, .auth, "providers")
    public static let socialSignIn = APIRoute(.post, .auth, "social")

    public static let uploadResults = APIRoute(.post, .results, "")
    public static let resultSummary = APIRoute(.get, .results, "summary")
    public static let dailyLeaderboard = APIRoute(.get, .leaderboard, "daily")

    /// House ads for players (access token), and their administration (the admin token).
    public static let ads = APIRoute(.get, .ads, "")
    public static let adEvents = APIRoute(.post, .ads, "events")
    public static let adReport = APIRoute(.get, .ads, "report")
    public static let houseAds = APIRoute(.get, .ads, "house")
    public static let addHouseAd = APIRoute(.post, .ads, "house")
    public static let pauseHouseAd = APIRoute(.post, .ads, "house/{id}/pause")
    public static let resumeHouseAd = APIRoute(.post, .ads, "house/{id}/resume")

    /// The development identity provider (`brainy-server --dev-idp`).
    public static let devDeviceCode = APIRoute(.post, .devIdP, "{provider}/device/code")
    public static let devToken = APIRoute(.post, .devIdP, "{provider}/token")
    public static let devKeys = APIRoute(.get, .devIdP, "{provider}/jwks")
    public static let devApprovalPage = APIRoute(.get, .devIdP, "device")
    public static let devApproval = APIRoute(.post, .devIdP, "device")

    /// Whether the instance can serve: its database answers a query.
    public static let health = APIRoute(.get, .operations, "health")
    /// Request counts and durations, in Prometheus's text format.
    public static let metrics = APIRoute(.get, .operations, "metrics")

    public static let all: [APIRoute] = [
        config, packVersion, pack, questionRatings, checkEmail, register, login, refresh, logout, socialProviders, socialSignIn,
        quizTickets, uploadResults, resultSummary, syncChanges, uploadCredits, creditLedger, syncSettings, syncStages, dailyLeaderboard, ads, adEvents, adReport, houseAds, addHouseAd, pauseHouseAd,
        resumeHouseAd, devDeviceCode, devToken, devKeys, devApprovalPage, devApproval, health, metrics,
    ]
}
