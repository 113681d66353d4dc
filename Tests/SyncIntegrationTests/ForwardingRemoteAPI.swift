import BrainyAPI
import BrainyKit

/// The real client with some of its operations changed: every call goes to `inner`, except those of an operation a
/// test replaced (the replacement gets `inner` to call through). A server that lies, is cut off or is older, as the
/// shell sees it. The one forwarding wrapper of the tests: a new operation is forwarded without a word here.
struct ForwardingRemoteAPI: RemoteAPI {
    let inner: any RemoteAPI
    private var replacements: [APIRoute: any Sendable] = [:]

    init(inner: any RemoteAPI) {
        self.inner = inner
    }

    /// What a replaced operation does instead: `inner` is the real client, `call` what the shell asked.
    typealias Replacement<Request: Sendable, Response: Sendable> = @Sendable (_ inner: any RemoteAPI,
                                                                             _ call: APICall<Request, Response>)
        async throws(RemoteError) -> Fetched<Response>

    /// The same client with `operation`'s calls answered by `replacement`.
    func replacing<Request, Response>(_ operation: APIOperation<Request, Response>,
                                      with replacement: @escaping Replacement<Request, Response>) -> ForwardingRemoteAPI {
        var changed = self
        changed.replacements[operation.route] = Box(replacement: replacement)
        return changed
    }

    /// A replacement kept by its types (a generic class: the cast back to it is exact).
    private final class Box<Request: Sendable, Response: Sendable>: Sendable {
        let replacement: Replacement<Request, Response>
        init(replacement: @escaping Replacement<Request, Response>) { self.replacement = replacement }
    }

    var baseURL: String { inner.baseURL }

    func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(_ call: APICall<Request, Response>)
        async throws(RemoteError) -> Fetched<Response> {
        if let box = replacements[call.operation.route] as? Box<Request, Response> {
            return try await box.replacement(inner, call)
        }
        return try await inner.send(call)
    }

    func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse {
        try await inner.startDeviceAuthorization(provider)
    }

    func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse {
        try await inner.pollDeviceToken(provider, deviceCode: deviceCode)
    }
}
