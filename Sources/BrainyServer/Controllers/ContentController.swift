import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// The remote config and the question pack, each with its version as ETag: an unchanged one costs a 304.
struct ContentController {
    let content: ServedContent
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.config, use: config)
        routes.on(API.packVersion, use: packVersion)
        routes.on(API.pack, use: pack)
        return routes.collection
    }

    @Sendable func config(_ request: Request, context: ServerRequestContext) -> Response {
        Self.document(content.configJSON, version: content.config.version, request: request)
    }

    @Sendable func packVersion(_: Empty, _ request: Request, context: ServerRequestContext) -> PackVersionResponse {
        content.pack
    }

    @Sendable func pack(_ request: Request, context: ServerRequestContext) -> Response {
        Self.document(content.packJSON, version: content.pack.version, request: request)
    }

    /// The JSON document, or a 304 without a body when the client already holds this version.
    static func document(_ json: Data, version: String, request: Request) -> Response {
        let etag = "\"\(version)\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], matches(ifNoneMatch, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    /// `If-None-Match` holds `*` or a list of (possibly weak) tags.
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}
