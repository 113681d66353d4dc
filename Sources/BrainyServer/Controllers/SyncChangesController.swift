import BrainyAPI
import Foundation
import Hummingbird

/// The download half of sync: the signed-in account's quizzes and results since a cursor, a page at a time, so that a
/// new device restores and a device that synced before fetches only what other devices added since.
struct SyncChangesController {
    let changes: any SyncChangeStore
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.syncChanges, use: page)
        return routes.collection
    }

    /// `?since=N&limit=N`: `since` is the cursor of the last page kept (0, or absent, from the start); `limit` at
    /// most `SyncChangesResponse.maxLimit`.
    @Sendable func page(_: Empty, _ request: Request, context: ServerRequestContext) async throws -> SyncChangesResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let query = request.uri.queryParameters
        let since = try SyncChangesController.cursor(query.get("since"))
        let limit = try AdsController.number(query.get("limit"), "limit", in: 1...SyncChangesResponse.maxLimit)
            ?? SyncChangesResponse.defaultLimit
        return try await changes.changes(accountId: userId, since: since, limit: limit)
    }

    /// A page's `since`: the cursor of the last page kept, a whole number from 0 (absent: 0, from the start). The
    /// changes of results and the credit ledger read it alike.
    static func cursor(_ text: String?) throws(APIError) -> Int64 {
        guard let text else { return 0 }
        guard let value = Int64(text), value >= 0 else {
            throw APIError.badRequest("'since' must be the cursor of the last page (a whole number, 0 or more), not '\(text.prefix(20))'.")
        }
        return value
    }
}

extension SyncChangesResponse: ResponseEncodable {}
