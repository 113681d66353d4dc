import BrainyAPI
import Hummingbird

/// A controller's operations, registered from their `APIOperation`. Whether the bearer check stands in front of an
/// operation is read from the operation (`needsAccessToken`), never chosen by the controller: one that needs the
/// player's access token is answered 401 before its handler runs when the token is missing, forged, expired or its
/// login has ended; one that does not is answered without looking at any token. The check has to be handed in to make
/// the routes at all, so no operation can be registered without it.
struct OperationRoutes {
    /// What the controller hands the router (`Router.addRoutes(_:at:)`).
    let collection = RouteCollection(context: ServerRequestContext.self)
    /// The same collection behind `BearerAuthMiddleware`.
    private let signedIn: RouterGroup<ServerRequestContext>
    /// Behind the bearer check without its consent gate, for the operations that allow pending consent.
    private let signedInPendingConsent: RouterGroup<ServerRequestContext>

    init(auth: BearerAuthMiddleware) {
        signedIn = collection.group().add(middleware: auth)
        signedInPendingConsent = collection.group().add(middleware: auth.allowingPendingConsent)
    }

    /// Registers `handler` for a typed operation at its route: the request body is decoded as the operation's request
    /// type (not read when it is `Empty`; a wrong field, a truncated or too large body answer as `decodeJSON` says),
    /// and what the handler returns is the operation's response type, encoded by the router's encoder as before.
    func on<Body: Decodable & Sendable, Answer: ResponseGenerator>(
        _ operation: APIOperation<Body, Answer>,
        use handler: @Sendable @escaping (Body, Request, ServerRequestContext) async throws -> Answer) {
        register(operation) { request, context in
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }

    /// An operation whose answer sets its own status or headers (201 Created, `Set-Cookie`) around the typed body.
    func on<Body: Decodable & Sendable, Answer: ResponseEncodable>(
        _ operation: APIOperation<Body, Answer>,
        use handler: @Sendable @escaping (Body, Request, ServerRequestContext) async throws -> EditedResponse<Answer>) {
        register(operation) { request, context in
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }

    /// A conditional GET: the handler answers the operation's response type already encoded, with its `ETag`, or a
    /// 304 without a body when the client holds that version.
    func on<Answer>(_ operation: APIOperation<Empty, Answer>,
                    use handler: @Sendable @escaping (Request, ServerRequestContext) async throws -> Response) {
        register(operation, handler)
    }

    /// An operation that answers no body, only its status (204 No Content).
    func on<Body: Decodable & Sendable>(
        _ operation: APIOperation<Body, Empty>,
        use handler: @Sendable @escaping (Body, Request, ServerRequestContext) async throws -> HTTPResponse.Status) {
        register(operation) { request, context in
            try await handler(try await request.body(for: operation, context: context), request, context)
        }
    }

    private func register<Output: ResponseGenerator>(
        _ operation: some AnyAPIOperation,
        _ responder: @Sendable @escaping (Request, ServerRequestContext) async throws -> Output) {
        if operation.needsAccessToken && operation.allowsPendingConsent {
            signedInPendingConsent.on(operation.route, use: responder)
        } else if operation.needsAccessToken {
            signedIn.on(operation.route, use: responder)
        } else {
            collection.on(operation.route, use: responder)
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
