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

    // MARK: Content

    public func config(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<RemoteConfig> {
        var headers = HTTPHeaders()
        if let etag { headers.add(name: "If-None-Match", value: etag) }
        let response = try await send(API.config, Empty(), headers: headers)
        if response.status == 304 { return .notModified }
        return .fetched(try decode(RemoteConfig.self, response), etag: response.headers.first(name: "ETag"))
    }

    public func packVersion() async throws(RemoteError) -> PackVersionResponse {
        try await send(API.packVersion)
    }

    public func pack() async throws(RemoteError) -> QuestionPack {
        try await send(API.pack)
    }

    // MARK: Accounts

    public func register(email: String, password: String) async throws(RemoteError) -> AuthResponse {
        try await send(API.register, CredentialsRequest(email: email, password: password))
    }

    public func login(email: String, password: String) async throws(RemoteError) -> AuthResponse {
        try await login(email: email, password: password, deviceCookie: nil)
    }

    public func login(email: String, password: String, deviceCookie: String?) async throws(RemoteError) -> AuthResponse {
        try await send(API.login, CredentialsRequest(email: email, password: password, deviceCookie: deviceCookie))
    }

    public func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse {
        try await send(API.refresh, RefreshRequest(refreshToken: refreshToken))
    }

    public func logout(_ refreshToken: String) async throws(RemoteError) {
        let _: Empty = try await send(API.logout, RefreshRequest(refreshToken: refreshToken))
    }

    // MARK: Results and leaderboard

    public func upload(_ batch: ResultUploadRequest, accessToken: String) async throws(RemoteError) -> ResultUploadResponse {
        // Results travel in UploadJSON's compact encoding, not the general encoder's.
        try decode(ResultUploadResponse.self, try await send(API.uploadResults, body: UploadJSON.encode(batch),
                                                             accessToken: accessToken))
    }

    public func questionRatings(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<QuestionRatingsResponse> {
        var headers = HTTPHeaders()
        if let etag { headers.add(name: "If-None-Match", value: etag) }
        let response = try await send(API.questionRatings, Empty(), headers: headers)
        if response.status == 304 { return .notModified }
        return .fetched(try decode(QuestionRatingsResponse.self, response), etag: response.headers.first(name: "ETag"))
    }

    public func leaderboard(accessToken: String) async throws(RemoteError) -> LeaderboardResponse {
        try await send(API.dailyLeaderboard, accessToken: accessToken)
    }

    public func resultSummary(accessToken: String) async throws(RemoteError) -> ResultSummaryResponse {
        try await send(API.resultSummary, accessToken: accessToken)
    }

    public func syncChanges(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError)
        -> SyncChangesResponse {
        try await send(API.syncChanges, query: ["since": String(cursor), "limit": String(limit)], accessToken: accessToken)
    }

    public func uploadCredits(_ request: CreditEventsRequest, accessToken: String) async throws(RemoteError)
        -> CreditEventsResponse {
        try await send(API.uploadCredits, request, accessToken: accessToken)
    }

    public func syncSettings(_ request: SharedSettingsRequest, accessToken: String) async throws(RemoteError)
        -> SharedSettingsResponse {
        try await send(API.syncSettings, request, accessToken: accessToken)
    }

    public func syncStages(_ request: StagesRequest, accessToken: String) async throws(RemoteError) -> StagesResponse {
        try await send(API.syncStages, request, accessToken: accessToken)
    }

    public func creditLedger(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError)
        -> CreditLedgerResponse {
        try await send(API.creditLedger, query: ["since": String(cursor), "limit": String(limit)], accessToken: accessToken)
    }

    // MARK: Ads

    public func ads(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int, accessToken: String)
        async throws(RemoteError) -> AdsResponse {
        let query = ["placement": placement.rawValue, "lang": lang, "count": String(count),
                     "quizzesToday": quizzesToday.map(String.init)]
        return try await send(API.ads, query: query.compactMapValues { $0 }, accessToken: accessToken)
    }

    public func quizTickets(_ request: QuizTicketRequest, accessToken: String) async throws(RemoteError)
        -> QuizTicketResponse {
        try await send(API.quizTickets, request, accessToken: accessToken)
    }

    public func uploadAdEvents(_ request: AdEventsRequest, accessToken: String) async throws(RemoteError)
        -> AdEventsResponse {
        try await send(API.adEvents, request, accessToken: accessToken)
    }

    // MARK: Social sign-in

    public func socialProviders() async throws(RemoteError) -> SocialProvidersResponse {
        try await send(API.socialProviders)
    }

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

    public func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse {
        try await send(API.socialSignIn, request)
    }

    // MARK: Plumbing

    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    /// Sends `request` as the operation says (its method, path, query, access token and answer limit) and decodes
    /// its answer as the operation's response type; an `Empty` answer is not read.
    private func send<Request: Encodable, Response: Decodable>(
        _ operation: APIOperation<Request, Response>, _ request: Request, query: [String: String] = [:],
        accessToken: String? = nil) async throws(RemoteError) -> Response {
        let body = Request.self == Empty.self ? nil : try encode(request)
        let answer = try await send(operation, body: body, query: query, accessToken: accessToken)
        if Response.self == Empty.self, let empty = Empty() as? Response { return empty }
        return try decode(Response.self, answer)
    }

    /// An operation without a request body.
    private func send<Response: Decodable>(_ operation: APIOperation<Empty, Response>, query: [String: String] = [:],
                                           accessToken: String? = nil) async throws(RemoteError) -> Response {
        try await send(operation, Empty(), query: query, accessToken: accessToken)
    }

    /// The operation's exchange, its answer not yet decoded (a conditional GET reads its status and ETag first).
    private func send<Request, Response>(_ operation: APIOperation<Request, Response>, _ empty: Empty,
                                         headers: HTTPHeaders) async throws(RemoteError) -> Answer {
        try await send(operation.route, headers: headers, limit: operation.responseLimit)
    }

    /// Traps on a request its operation does not allow (no access token where it needs one, a query name it does not
    /// declare): those are this file's mistakes, never the user's, and a test running them says which.
    func send<Request, Response>(_ operation: APIOperation<Request, Response>, body: Data?,
                                 query: [String: String] = [:], accessToken: String?) async throws(RemoteError) -> Answer {
        precondition(!operation.needsAccessToken || accessToken != nil, "\(operation) needs the access token")
        let pairs: [(name: String, value: String)]
        do {
            pairs = try operation.queryItems(query)
        } catch {
            preconditionFailure(String(describing: error))
        }
        return try await send(operation.route, query: pairs.map { ($0.name, $0.value) },
                              headers: accessToken.map(Self.bearer) ?? HTTPHeaders(), body: body,
                              limit: operation.responseLimit)
    }

    private static func bearer(_ token: String) -> HTTPHeaders {
        HTTPHeaders([("Authorization", "Bearer \(token)")])
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
