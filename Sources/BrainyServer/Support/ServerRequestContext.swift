import BrainyKit
import Foundation
import Hummingbird
import NIOCore

/// The context of every request: who is signed in (set by `BearerAuthMiddleware`), and a 5 MB cap on bodies.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The account id from a valid access token.
    public var userId: String?
    /// The peer's IP address (or, behind a trusted proxy, the one it forwarded): what rate limits and lock-outs count
    /// by. "unknown" when there is none (tests through the router).
    public var clientAddress: String

    public init(source: Source) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    public var maxUploadSize: Int { 5 * 1024 * 1024 }

    /// ISO 8601 dates with or without fractional seconds (Foundation's `.iso8601` refuses the latter).
    public var requestDecoder: JSONDecoder { APICoding.decoder() }
}

/// Requires a valid `Authorization: Bearer <access token>` whose login is still signed in, and puts its subject in
/// `context.userId`. The login is looked up on every request (one indexed read): a logout, or a replayed refresh token
/// that signs the login out everywhere, ends its access tokens at once rather than when they expire. With `consents`,
/// an account that has not accepted the current terms and privacy policy is refused 403 `consent_required` (except by
/// the operations that allow it, routed through `allowingPendingConsent`).
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let tokens: AccessTokens
    let logins: any LoginStatusStore
    let clock: any BrainyClock
    var consents: ConsentGate?

    /// The same check without the consent gate: for accepting the terms themselves.
    var allowingPendingConsent: BearerAuthMiddleware {
        var auth = self
        auth.consents = nil
        return auth
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            throw APIError.unauthorized
        }
        let token = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        var context = context
        let claims = try await tokens.verify(token, now: clock.now())
        guard try await logins.isSignedIn(login: claims.login, accountId: claims.subject) else {
            throw APIError(.unauthorized, "session_ended", "This sign-in has ended (signed out, or signed out everywhere). Sign in again.")
        }
        try await consents?.requireAccepted(accountId: claims.subject)
        context.userId = claims.subject
        return try await next(request, context)
    }
}

extension Request {
    /// The JSON body as `T`. Unlike `decode(as:context:)`, a decoding error reaches `JSONErrorMiddleware` as it is, so
    /// the client is told which field is wrong; a body over the cap is a 413.
    func decodeJSON<T: Decodable>(_ type: T.Type, context: ServerRequestContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "too_large", "The request body is larger than 5 MB.")
        } catch {
            throw APIError.truncatedBody
        }
        return try context.requestDecoder.decode(T.self, from: Data(buffer.readableBytesView))
    }
}
