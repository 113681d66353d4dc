import BrainyAPI
import Hummingbird

extension RouterMethods where Context == ServerRequestContext {
    /// Registers `handler` for a typed operation at its route: the request body is decoded as the operation's request
    /// type (not read when it is `Empty`; a wrong field, a truncated or too large body answer as `decodeJSON` says),
    /// and what the handler returns is the operation's response type, encoded by the router's encoder as before.
    @discardableResult
    func on<Body: Decodable & Sendable, Answer: ResponseGenerator>(
        _ operation: APIOperation<Body, Answer>,
        use handler: @Sendable @escaping (Body, Request, Context) async throws -> Answer) -> Self {
        on(operation.route) { request, context in
            let body: Body
            if let empty = Empty() as? Body {
                body = empty
            } else {
                body = try await request.decodeJSON(Body.self, context: context)
            }
            return try await handler(body, request, context)
        }
    }
}
