import BrainyKit
import Foundation

/// brainy-server as the shell sees it: one call that sends any operation declared in `API` (its method, path, types,
/// bearer token, query names and answer limit come from the declaration), and the sign-in provider's device flow,
/// which is the provider's and not brainy-server's. BrainyClient implements it over HTTP; BrainyKit itself does no
/// networking. A new server operation needs nothing here: its declaration is enough to call it.
public protocol RemoteAPI: Sendable {
    /// The server's address, as the user gave it.
    var baseURL: String { get }

    /// Sends `call` as its operation declares and reads the answer as the operation's response type (`Empty`: not
    /// read). `.notModified` answers a call whose `ifNoneMatch` the server still serves; `.fetched` carries the
    /// answer's version tag, when it has one.
    func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(_ call: APICall<Request, Response>)
        async throws(RemoteError) -> Fetched<Response>

    /// Asks the provider for a device code and a user code (RFC 8628).
    func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse
    /// Polls the provider's token endpoint once.
    func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse
}

extension RemoteAPI {
    /// Calls `operation` with `request`: `try await api.call(API.syncStages, request, accessToken: token)`.
    public func call<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ operation: APIOperation<Request, Response>, _ request: Request, query: [String: String] = [:],
        accessToken: String? = nil) async throws(RemoteError) -> Response {
        try await send(APICall(operation, request, query: query, accessToken: accessToken)).value()
    }

    /// Calls an operation that sends no body: `try await api.call(API.pack)`.
    public func call<Response: Decodable & Sendable>(
        _ operation: APIOperation<Empty, Response>, query: [String: String] = [:], accessToken: String? = nil)
        async throws(RemoteError) -> Response {
        try await call(operation, Empty(), query: query, accessToken: accessToken)
    }

    /// Fetches a document unless the server still serves the copy tagged `etag`.
    public func fetch<Response: Decodable & Sendable>(_ operation: APIOperation<Empty, Response>,
                                                      ifNoneMatch etag: String?) async throws(RemoteError)
        -> Fetched<Response> {
        try await send(APICall(operation, Empty(), ifNoneMatch: etag))
    }
}

/// A document fetched with its version tag, or word that the copy held is still current.
public enum Fetched<Value: Sendable>: Sendable {
    case fetched(Value, etag: String?)
    case notModified

    /// What was fetched. "Not modified" answers only a call that sent a version tag: to any other it is a broken
    /// answer.
    public func value() throws(RemoteError) -> Value {
        switch self {
        case let .fetched(value, _): return value
        case .notModified: throw .badResponse("304 Not Modified to a request that sent no version tag")
        }
    }
}

/// What can go wrong talking to the server.
public enum RemoteError: Error, Equatable, Sendable {
    /// No connection: the server is down, the address is wrong, or the network is off.
    case unreachable(String)
    /// The server took longer than `seconds` to answer.
    case timedOut(seconds: Int)
    /// The server answered with an error status and (usually) its JSON error.
    case server(status: Int, code: String, message: String, lockedUntil: Date? = nil, remainingAttempts: Int? = nil)
    /// The answer could not be read.
    case badResponse(String)
    /// The user stopped the call (Ctrl-C).
    case cancelled

    /// The server's error code, when it sent one.
    public var code: String? {
        if case let .server(_, code, _, _, _) = self { return code }
        return nil
    }

    public var status: Int? {
        if case let .server(status, _, _, _, _) = self { return status }
        return nil
    }

    /// True when the request may not have reached the server or was not handled: trying again later may work.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .cancelled: true
        case let .server(status, _, _, _, _): status >= 500 || status == 429
        case .badResponse: true
        }
    }
}

