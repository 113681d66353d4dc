import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation
import NIOCore
import NIOHTTP1

/// What the OpenAI-compatible endpoints the shell talks to share (`--asr-url`'s transcriptions, `--ai-url`'s chat
/// completions): where the endpoint is from what a person types, and one POST with a bearer key and a deadline on the whole exchange.
enum OpenAICompatibleEndpoint {
    /// `http://h:8000` → `http://h:8000/v1/<path>`; `http://h/v1` → `http://h/v1/<path>`; the endpoint itself as is.
    static func url(_ typed: String, path: String) -> String {
        var base = typed.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/" + path) { return base }
        if base.hasSuffix("/v1") { return base + "/" + path }
        return base + "/v1/" + path
    }

    /// POSTs `body`; the answer's bytes, or a `RemoteError` for a refused connection, a timeout or an error status.
    static func post(_ body: Data, to endpoint: String, contentType: String, apiKey: String?, timeout: TimeInterval,
                     limit: Int, client: HTTPClient) async throws(RemoteError) -> Data {
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: contentType)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "brainy/\(BrainyVersion.current)")
        if let apiKey, !apiKey.isEmpty { request.headers.add(name: "Authorization", value: "Bearer \(apiKey)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        let whole = try await WholeRequest.perform(request, client: client, timeout: timeout, limit: limit)
        let status = whole.status
        let answer = whole.body
        guard status < 400 else {
            throw .server(status: status, code: "http_\(status)", message: HTTPResponseStatus(statusCode: status).reasonPhrase)
        }
        return answer
    }
}
