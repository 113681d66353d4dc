import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// The hint-credit ledger: devices upload their grants and uses (each judged by `CreditRules`, kept once per
/// account by id) and download the account's events since a cursor.
struct CreditsController {
    let credits: any CreditLedgerStore
    let clock: any BrainyClock
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware
    /// Events one account may have kept a UTC day: a day of heavy play is a few hundred hints and rewards.
    static let eventsPerDay = 2_000

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.uploadCredits, use: upload)
        routes.on(API.creditLedger, use: page)
        return routes.collection
    }

    /// One verdict per event, in order.
    @Sendable func upload(_ batch: CreditEventsRequest, _ request: Request, context: ServerRequestContext) async throws
        -> CreditEventsResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        try Self.validate(batch)
        let now = clock.now()
        if try await credits.creditEventsReceived(accountId: userId, since: UTCDay.start(of: now)) + batch.events.count
            > Self.eventsPerDay {
            throw ResultsController.refusal(QuotaExceeded(what: "credit events", limit: Self.eventsPerDay), now: now)
        }
        guard let response = try await credits.recordCreditEvents(batch.events, accountId: userId, receivedAt: now) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        return response
    }

    /// `?since=N&limit=N`, as `GET /v1/results/changes`. Answered as `CreditLedgerPage`, which is
    /// `CreditLedgerResponse` on the wire with each kind as stored: an event of a kind this server does not know (a
    /// newer server's) is served too, rather than failing the page for everyone whose ledger holds one.
    @Sendable func page(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let query = request.uri.queryParameters
        let since = try SyncChangesController.cursor(query.get("since"))
        let limit = try AdsController.number(query.get("limit"), "limit", in: 1...CreditLedgerResponse.maxLimit)
            ?? CreditLedgerResponse.defaultLimit
        return try await credits.creditLedger(accountId: userId, since: since, limit: limit)
            .response(from: request, context: context)
    }

    static func validate(_ batch: CreditEventsRequest) throws(APIError) {
        let most = CreditEventsRequest.maxEvents
        guard batch.events.count <= most else {
            throw APIError(.contentTooLarge, "batch_too_large", "Send at most \(most) events per request.")
        }
        let longest = CreditEventsRequest.maxIdLength
        var ids = Set<String>()
        for (index, event) in batch.events.enumerated() {
            guard !event.id.isEmpty, event.id.count <= longest else {
                throw APIError.badRequest("'events[\(index)].id' must be 1 to \(longest) characters.")
            }
            guard (event.ref?.count ?? 0) <= longest else {
                throw APIError.badRequest("'events[\(index)].ref' must be at most \(longest) characters.")
            }
            guard ids.insert(event.id).inserted else {
                throw APIError.badRequest("'events[\(index)].id' appears twice in the batch.")
            }
        }
    }
}

extension CreditEventsResponse: ResponseEncodable {}
extension CreditLedgerPage: ResponseEncodable {}
