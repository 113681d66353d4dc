import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// A refusal the client caused: its status and the JSON body `{"error": {"code", "message"}}`.
struct APIError: HTTPResponseError, Equatable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var lockedUntil: Date?
    /// With 405: the methods the path answers.
    var allow: String?
    /// With 423: seconds until the account opens again.
    var retryAfter: Int?
    /// With `invalid_credentials`: failed sign-ins left before the lock-out.
    var remainingAttempts: Int?
    /// With `consent_required` and `consent_version_unknown`: the current versions still to accept.
    var consentRequired: [ConsentVersion]?

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, lockedUntil: Date? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.lockedUntil = lockedUntil
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(APIErrorResponse(code: code, message: message, lockedUntil: lockedUntil,
                                                            remainingAttempts: remainingAttempts,
                                                            consentRequired: consentRequired))
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let allow { headers[.allow] = allow }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad_request", message) }
    /// The body stream failed while being read: the client closed the connection before sending the length it
    /// declared, or sent a broken chunked encoding (NIO's `HTTPParserError.invalidEOFState` and the like).
    static let truncatedBody = APIError(.badRequest, "bad_request",
                                        "The request body ended before its declared length or is not valid HTTP.")
    /// The database did not answer within the request's deadline, or is away: nothing was stored that is not safe
    /// to send again.
    static var databaseUnavailable: APIError {
        var error = APIError(.serviceUnavailable, "database_unavailable",
                             "The server's database is not answering right now. Nothing was lost: try again in \(DatabaseUnavailable.retryAfter) seconds.")
        error.retryAfter = DatabaseUnavailable.retryAfter
        return error
    }
    static let unauthorized = APIError(.unauthorized, "unauthorized",
                                       "Sign in first: send 'Authorization: Bearer <access token>'.")
}

/// Turns every error into a JSON answer: the client's mistakes into 4xx, anything else into a logged 500.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods each routed path answers, to tell a wrong method (405) from an unknown path (404).
    var methodsByPath: [String: [String]] = [:]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            var path = request.uri.path
            if path.count > 1, path.hasSuffix("/") { path.removeLast() }
            guard let methods = methodsByPath[path] ?? methods(matchingTemplateOf: path) else {
                return try Self.translate(error).response(from: request, context: context)
            }
            var refusal = APIError(.methodNotAllowed, "method_not_allowed",
                                   "\(path) answers \(methods.joined(separator: ", ")) only.")
            refusal.allow = methods.joined(separator: ", ")
            return try refusal.response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.translate(error).response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError.badRequest(Self.describe(error)).response(from: request, context: context)
        } catch let error as DatabaseUnavailable {
            context.logger.warning("\(error)")
            return try APIError.databaseUnavailable.response(from: request, context: context)
        } catch {
            context.logger.error("internal error: \(String(reflecting: error))")
            return try APIError(.internalServerError, "internal", "Something went wrong on the server.")
                .response(from: request, context: context)
        }
    }

    /// The methods of a route with parameters (`/dev-idp/{provider}/jwks`) whose template `path` fits.
    func methods(matchingTemplateOf path: String) -> [String]? {
        let segments = path.split(separator: "/")
        return methodsByPath.first { template, _ in
            let parts = template.split(separator: "/")
            return template.contains("{") && parts.count == segments.count
                && zip(parts, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }?.value
    }

    static func translate(_ error: HTTPError) -> APIError {
        switch error.status {
        case .notFound: return APIError(.notFound, "not_found", "No such endpoint. See docs/openapi.yaml.")
        case .contentTooLarge: return APIError(.contentTooLarge, "too_large", "The request body is too large.")
        default:
            return APIError(error.status, error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
                            error.body ?? error.status.reasonPhrase)
        }
    }

    /// Says which field was wrong, in words a client developer can act on.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let .keyNotFound(key, context):
            let parent = path(context.codingPath)
            return "Missing field '\(parent.isEmpty ? key.stringValue : parent + "." + key.stringValue)'."
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "Field '\(path(context.codingPath))' has the wrong type: \(context.debugDescription)"
        case let .dataCorrupted(context):
            let at = path(context.codingPath)
            return at.isEmpty ? "The body is not valid JSON." : "Field '\(at)' is not valid: \(context.debugDescription)"
        @unknown default:
            return "The body could not be read."
        }
    }
}

extension HTTPResponse.Status {
    /// 423: the account is locked for a while after too many failed sign-ins.
    static var locked: Self { .init(code: 423, reasonPhrase: "Locked") }
}
