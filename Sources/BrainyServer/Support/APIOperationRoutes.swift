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
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }

    /// An operation whose answer sets its own status or headers (201 Created, `Set-Cookie`) around the typed body.
    @discardableResult
    func on<Body: Decodable & Sendable, Answer: ResponseEncodable>(
        _ operation: APIOperation<Body, Answer>,
        use handler: @Sendable @escaping (Body, Request, Context) async throws -> EditedResponse<Answer>) -> Self {
        on(operation.route) { request, context in
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }

    /// A conditional GET: the handler answers the operation's response type already encoded, with its `ETag`, or a
    /// 304 without a body when the client holds that version.
    @discardableResult
    func on<Answer>(_ operation: APIOperation<Empty, Answer>,
                    use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
        on(operation.route, use: handler)
    }

    /// An operation that answers no body, only its status (204 No Content).
    @discardableResult
    func on<Body: Decodable & Sendable>(
        _ operation: APIOperation<Body, Empty>,
        use handler: @Sendable @escaping (Body, Request, Context) async throws -> HTTPResponse.Status) -> Self {
        on(operation.route) { request, context in
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }
}

extension Request {
    /// The request body as the operation's request type; an `Empty` one is not read.
    func body<Body: Decodable, Answer>(for operation: APIOperation<Body, Answer>, context: ServerRequestContext)
        async throws -> Body {
        if let empty = Empty() as? Body { return empty }
        return try await decodeJSON(Body.self, context: context)
    }
}
