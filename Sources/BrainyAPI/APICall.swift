/// One call of an operation of brainy-server: the operation as `API` declares it, the request body of its type, and
/// what this call adds to it (query values by the names the operation declares, the access token where it needs one,
/// the version tag of a copy the device holds). A `RemoteAPI` sends it; a wrapper in a test may look at it or pass it on.
public struct APICall<Request: Sendable, Response: Sendable>: Sendable {
    public let operation: APIOperation<Request, Response>
    public var request: Request
    /// Query values by name; a name the operation does not declare stops the client (`UndeclaredQueryName`).
    public var query: [String: String]
    /// The player's access token, sent as a bearer token: given exactly when the operation needs it.
    public var accessToken: String?
    /// The version tag (ETag) of the copy the device holds: the server answers "not modified" while it is current.
    public var ifNoneMatch: String?

    public init(_ operation: APIOperation<Request, Response>, _ request: Request, query: [String: String] = [:],
                accessToken: String? = nil, ifNoneMatch: String? = nil) {
        self.operation = operation
        self.request = request
        self.query = query
        self.accessToken = accessToken
        self.ifNoneMatch = ifNoneMatch
    }
}
