import Crypto
import Foundation
import Hummingbird

/// Requires `Authorization: Bearer <admin token>` (`--admin-token`): 401 without credentials, 403 with any other
/// token (a player's access token included), and 403 on a server started without an admin token.
struct AdminAuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The SHA-256 of the admin token: compared digest to digest, in constant time.
    private let expected: [UInt8]?

    init(adminToken: String?) {
        expected = adminToken.map { Array(SHA256.hash(data: Data($0.utf8))) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            throw APIError(.unauthorized, "unauthorized", "Send 'Authorization: Bearer <admin token>'.")
        }
        guard let expected else {
            throw APIError(.forbidden, "admin_disabled",
                           "This server has no admin token: start it with --admin-token or BRAINY_ADMIN_TOKEN.")
        }
        let token = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        let given = Array(SHA256.hash(data: Data(token.utf8)))
        guard zip(given, expected).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0 else {
            throw APIError(.forbidden, "not_admin", "This endpoint needs the admin token.")
        }
        return try await next(request, context)
    }
}
