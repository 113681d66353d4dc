import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Stage progress between devices: a device sends how far it got, and gets the account's furthest.
struct StagesController {
    let stages: any StageProgressStore
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.syncStages, use: sync)
        return routes.collection
    }

    @Sendable func sync(_ batch: StagesRequest, _ request: Request, context: ServerRequestContext) async throws
        -> StagesResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        try Self.validate(batch)
        guard let held = try await stages.mergeStages(batch.stages, accountId: userId) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        return StagesResponse(stages: held)
    }

    static func validate(_ batch: StagesRequest) throws(APIError) {
        guard batch.stages.count <= StagesRequest.maxStages else {
            throw APIError(.contentTooLarge, "batch_too_large", "Send at most \(StagesRequest.maxStages) stages per request.")
        }
        var seen = Set<String>()
        for (index, stage) in batch.stages.enumerated() {
            guard stage.highestCleared >= 0 else {
                throw APIError.badRequest("'stages[\(index)].highestCleared' must be 0 or more.")
            }
            guard seen.insert("\(stage.category.rawValue)|\(stage.type.rawValue)").inserted else {
                throw APIError.badRequest("'stages[\(index)]' names a category and type twice in the batch.")
            }
        }
    }
}

extension StagesResponse: ResponseEncodable {}
