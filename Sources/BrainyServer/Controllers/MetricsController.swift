import BrainyAPI
import Hummingbird
import NIOCore
import Prometheus

/// `GET /metrics`: what `registry` holds, in Prometheus's text format. The executable bootstraps swift-metrics onto
/// the same registry, so that `MetricsMiddleware` counts and times every request into it. With a token
/// (`--metrics-token`), only `Authorization: Bearer <token>` is answered.
struct MetricsController {
    let registry: PrometheusCollectorRegistry
    var token: String?

    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        if let token {
            routes.group().add(middleware: MetricsTokenMiddleware(token: token))
                .on(.metrics, use: metrics)
        } else {
            routes.on(.metrics, use: metrics)
        }
        return routes
    }

    @Sendable func metrics(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
}
