import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// House-ad administration behind the admin token: list, add, pause, resume, and the report of what each ad did.
struct AdAdminController {
    let ads: any AdStore
    let clock: any BrainyClock
    let auth: AdminAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self).add(middleware: auth)
        routes.on(.houseAds, use: list)
        routes.on(.addHouseAd, use: add)
        routes.on(.pauseHouseAd) { _, context in try await setPaused(true, context: context) }
        routes.on(.resumeHouseAd) { _, context in try await setPaused(false, context: context) }
        routes.on(.adReport, use: report)
        return routes
    }

    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> HouseAdsResponse {
        HouseAdsResponse(ads: try await ads.houseAds())
    }

    @Sendable func add(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<HouseAd> {
        let ad = try HouseAdRules.validated(try await request.decodeJSON(NewHouseAd.self, context: context).ad)
        guard try await ads.addHouseAd(ad, at: clock.now()) else {
            throw APIError(.conflict, "ad_exists", "A house ad with the id '\(ad.id)' exists. Choose another id.")
        }
        return EditedResponse(status: .created, response: ad)
    }

    func setPaused(_ paused: Bool, context: ServerRequestContext) async throws -> HouseAd {
        let id = context.parameters.get("id") ?? ""
        guard let ad = try await ads.setPaused(paused, adId: id) else {
            throw APIError(.notFound, "unknown_ad", "There is no house ad '\(id.prefix(64))'.")
        }
        return ad
    }

    @Sendable func report(_ request: Request, context: ServerRequestContext) async throws -> AdReportResponse {
        try await ads.adReport()
    }
}

/// The body of `POST /v1/ads/house`: a `HouseAd` whose optional fields are numbers or left out, never `null`, as
/// docs/openapi.yaml says.
struct NewHouseAd: Decodable {
    var ad: HouseAd

    private enum OptionalField: String, CodingKey, CaseIterable {
        case durationSeconds, rewardHints, paused
    }

    init(from decoder: any Decoder) throws {
        ad = try HouseAd(from: decoder)
        let container = try decoder.container(keyedBy: OptionalField.self)
        for field in OptionalField.allCases where container.contains(field) {
            if try container.decodeNil(forKey: field) {
                throw DecodingError.valueNotFound(Int.self, .init(
                    codingPath: [field], debugDescription: "null is not allowed: give a number or leave the field out."))
            }
        }
    }
}
