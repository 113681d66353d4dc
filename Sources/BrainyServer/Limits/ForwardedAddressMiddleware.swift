import Foundation
import Hummingbird

/// Behind a reverse proxy (`--behind-proxy`), every peer is the proxy: the client's address is the last one the proxy
/// added to `X-Forwarded-For`. Only trusted when asked for, since any client can send the header.
struct ForwardedAddressMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        var context = context
        if let header = request.headers[.xForwardedFor],
           let last = header.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            context.clientAddress = String(last.prefix(64))
        }
        return try await next(request, context)
    }
}

extension HTTPFields.Element.Name {
    static var xForwardedFor: Self { Self("X-Forwarded-For")! }
}
