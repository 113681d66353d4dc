import Crypto
import Foundation
import Hummingbird

/// Requires `Authorization: Bearer <metrics token>` (`--metrics-token`): 401 without credentials, 403 with any other
/// token. Compared digest to digest, in constant time, as the admin token is.
struct MetricsTokenMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    private let expected: [UInt8]

    init(token: String) {
        expected = Array(SHA256.hash(data: Data(token.utf8)))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            throw APIError(.unauthorized, "unauthorized",
                           "Send 'Authorization: Bearer <metrics token>' (the server's --metrics-token).")
        }
        let token = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        let given = Array(SHA256.hash(data: Data(token.utf8)))
        guard zip(given, expected).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0 else {
            throw APIError(.forbidden, "not_metrics_token", "/metrics needs the metrics token.")
        }
        return try await next(request, context)
    }
}
