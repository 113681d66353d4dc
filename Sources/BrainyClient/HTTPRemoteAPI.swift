import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation
import NIOCore
import NIOHTTP1

/// brainy-server over HTTP, with AsyncHTTPClient's shared client (its connection pool lives as long as the process).
/// Every call has a deadline covering the whole exchange (head and body, `WholeRequest`); a cancelled task (Ctrl-C in the shell) cancels the request under way.
public struct HTTPRemoteAPI: RemoteAPI {
    public let baseURL: String
    /// How long one request may take, from connecting to the last byte of the answer.
    public let timeout: TimeInterval
    private let client: HTTPClient

    public init(baseURL: String, timeout: TimeInterval = 15, client: HTTPClient = HTTPRemoteAPI.sharedClient) {
        var base = baseURL.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.timeout = timeout
        self.client = client
    }

    /// One client for the process. A refused connection fails at once instead of being retried until the deadline
    /// (a server that is down is said so plainly), and connecting may take at most 3 s.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(3)
        // Never shut down: it lives as long as the process, like `HTTPClient.shared`.
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    // MARK: brainy-server's operations

    /// Every operation, as `API` declares it: its method and path; its body (none for `Empty`, UploadJSON's for a
    /// result upload, else the API's JSON encoding); the bearer token when the operation needs it; its query names
    /// in declared order; `If-None-Match`; and its answer limit. Error answers become `RemoteError.server`; a
    /// deadline passed, `.timedOut`; Ctrl-C, `.cancelled`.
    public func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(_ call: APICall<Request, Response>)
        async throws(RemoteError) -> Fetched<Response> {
        var headers = HTTPHeaders()
        if let etag = call.ifNoneMatch { headers.add(name: "If-None-Match", value: etag) }
        let answer = try await send(call.operation, body: try body(call.request), query: call.query,
                                    accessToken: call.accessToken, headers: headers)
        if answer.status == 304 { return .notModified }
        let etag = answer.headers.first(name: "ETag")
        if Response.self == Empty.self, let empty = Empty() as? Response { return .fetched(empty, etag: etag) }
        return .fetched(try decode(Response.self, answer), etag: etag)
    }

    // MARK: A sign-in provider's device flow (the provider's endpoints, not brainy-server's operations)

    public func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError)
        -> DeviceAuthorizationResponse {
        var form = ["client_id": provider.clientId, "scope": "openid email"]
        if let secret = provider.clientSecret { form["client_secret"] = secret }
        return try decode(DeviceAuthorizationResponse.self,
                          try await sendForm(provider.deviceAuthorizationEndpoint, form))
    }

    public func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError)
        -> DeviceTokenResponse {
        var form = ["client_id": provider.clientId, "device_code": deviceCode,
                    "grant_type": "urn:ietf:params:oauth:grant-type:device_code"]
        if let secret = provider.clientSecret { form["client_secret"] = secret }
        // While the user has not approved yet, the provider answers 400 with an OAuth error: that is an answer.
        let response = try await sendForm(provider.tokenEndpoint, form, acceptingErrors: true)
        guard let token = try? JSONDecoder().decode(DeviceTokenResponse.self, from: response.body),
              token.idToken != nil || token.error != nil else {
            throw Self.failure(response)
        }
        return token
    }

    // MARK: Plumbing

    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    /// A request's body: none for `Empty`; results in UploadJSON's compact encoding, not the general encoder's.
    private func body<Request: Encodable>(_ request: Request) throws(RemoteError) -> Data? {
        if Request.self == Empty.self { return nil }
        if let batch = request as? ResultUploadRequest { return UploadJSON.encode(batch) }
        return try encode(request)
    }

    /// Traps on a request its operation does not allow (no access token where it needs one, one where it takes none,
    /// a query name it does not declare): those are the caller's mistakes, never the user's, and a test running them
    /// says which.
    func send<Request, Response>(_ operation: APIOperation<Request, Response>, body: Data?,
                                 query: [String: String] = [:], accessToken: String?,
                                 headers: HTTPHeaders = [:]) async throws(RemoteError) -> Answer {
        precondition(!operation.needsAccessToken || accessToken != nil, "\(operation) needs the access token")
        precondition(operation.needsAccessToken || accessToken == nil, "\(operation) takes no access token")
        let pairs: [(name: String, value: String)]
        do {
            pairs = try operation.queryItems(query)
        } catch {
            preconditionFailure(String(describing: error))
        }
        var headers = headers
        if let accessToken { headers.add(name: "Authorization", value: "Bearer \(accessToken)") }
        return try await send(operation.route, query: pairs.map { ($0.name, $0.value) }, headers: headers, body: body,
                              limit: operation.responseLimit)
    }

    private func sendForm(_ endpoint: String, _ form: [String: String], acceptingErrors: Bool = false)
        async throws(RemoteError) -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
        let url = endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://") ? endpoint : baseURL + endpoint
        return try await send(.POST, url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                              body: Data(body.utf8), limit: API.defaultResponseLimit, acceptingErrors: acceptingErrors)
    }

    private func send(_ route: APIRoute, query: [(String, String)] = [], headers: HTTPHeaders = [:], body: Data? = nil,
                      limit: Int) async throws(RemoteError) -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = query.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
        let url = baseURL + route.path + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
        return try await send(HTTPMethod(rawValue: route.method.rawValue), url: url, headers: headers, body: body,
                              limit: limit)
    }

    private func send(_ method: HTTPMethod, url: String, headers: HTTPHeaders, body: Data?,
                      limit: Int, acceptingErrors: Bool = false) async throws(RemoteError) -> Answer {
        // The network code traps on some addresses (a port past 65535): they never reach it.
        guard ServerAddress.isValid(url) else { throw .unreachable("not a valid server address: \(url)") }
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers = headers
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "brainy/\(BrainyVersion.current)")
        if let body {
            if !request.headers.contains(name: "Content-Type") {
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let whole = try await WholeRequest.perform(request, client: client, timeout: timeout, limit: limit)
        let answer = Answer(status: whole.status, headers: whole.headers, body: whole.body)
        if answer.status >= 400 && !acceptingErrors { throw Self.failure(answer) }
        return answer
    }

    /// Turns a transport error into what the user is told: cancelled, timed out, or not reachable.
    static func classify(_ error: any Error, timeout: TimeInterval) -> RemoteError {
        if error is CancellationError || Task.isCancelled { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timedOut(seconds: Int(timeout.rounded(.up)))
            default: break
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return .timedOut(seconds: Int(timeout.rounded(.up)))
        }
        if error is NIOTooManyBytesError { return .badResponse("the answer is too large") }
        return .unreachable(String(describing: error))
    }

    /// An error answer: the server's JSON error when it sent one.
    private static func failure(_ answer: Answer) -> RemoteError {
        if let body = try? apiDecoder.decode(APIErrorResponse.self, from: answer.body) {
            return .server(status: answer.status, code: body.error.code, message: body.error.message,
                           lockedUntil: body.error.lockedUntil, remainingAttempts: body.error.remainingAttempts)
        }
        return .server(status: answer.status, code: "http_\(answer.status)",
                       message: HTTPResponseStatus(statusCode: answer.status).reasonPhrase)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ answer: Answer) throws(RemoteError) -> T {
        do {
            return try Self.apiDecoder.decode(type, from: answer.body)
        } catch {
            throw .badResponse("\(T.self): \(error)")
        }
    }

    private func encode<T: Encodable>(_ value: T) throws(RemoteError) -> Data {
        do {
            return try Self.apiEncoder.encode(value)
        } catch {
            throw .badResponse("could not encode the request: \(error)")
        }
    }

    static let apiEncoder = APICoding.encoder()
    static let apiDecoder = APICoding.decoder()
}
