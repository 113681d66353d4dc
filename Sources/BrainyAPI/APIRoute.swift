import BrainyKit
import Foundation
/// A method and path of brainy-server. The JSON operations declare theirs in `API` (APIOperation.swift) with their
/// types; the plain routes (operations, ads administration, the development identity provider) are below.
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
    /// House ads' administration (the admin token): their bodies are the admin's, not a player's.
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

    /// Every route: the typed operations' (`API.all`, where a JSON operation is declared) and the plain ones above.
    public static let all: [APIRoute] = API.all.map(\.route) + [
        adReport, houseAds, addHouseAd, pauseHouseAd, resumeHouseAd, devDeviceCode, devToken, devKeys, devApprovalPage,
        devApproval, health, metrics,
    ] + browserSignInRoutes
}
