import BrainyAPI
import Hummingbird

/// `GET /health`, for load balancers and monitors: 200 while the database answers a query within `timeout`, else
/// 503, each with a small JSON body. No credentials: it tells nothing but that.
struct HealthController {
    let storage: any StorageProbe
    let timeout: Duration

    /// The body of either answer.
    struct Health: ResponseCodable, Equatable {
        /// `ok` or `unavailable`.
        var status: String
        /// `ok` or `unreachable`.
        var database: String
    }

    struct TimedOut: Error {}

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.on(.health, use: health)
        return routes
    }

    @Sendable func health(_ request: Request, context: ServerRequestContext) async -> EditedResponse<Health> {
        do {
            try await probe()
            return EditedResponse(headers: [.cacheControl: "no-store"], response: Health(status: "ok", database: "ok"))
        } catch {
            context.logger.warning("Health check: the database did not answer: \(String(reflecting: error))")
            return EditedResponse(status: .serviceUnavailable, headers: [.cacheControl: "no-store"],
                                  response: Health(status: "unavailable", database: "unreachable"))
        }
    }

    /// The probe, or `TimedOut` when it takes longer than `timeout` (a pool waiting to reconnect may wait long, and
    /// a query to a frozen database ignores cancellation: the answer does not wait for it).
    private func probe() async throws {
        let storage = storage
        guard let outcome = await Deadline.result(of: Task { try await storage.probe() }, within: timeout) else {
            throw TimedOut()
        }
        try outcome.get()
    }
}
