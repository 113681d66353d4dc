import BrainyKit
import Foundation

// Social sign-in (Google, Apple): the device authorization flow (RFC 8628) against the provider, then the provider's
// ID token handed to brainy-server, which verifies it and answers like a login.

/// `GET /v1/auth/providers`: the social providers this server accepts, and where a device signs in with them.
public struct SocialProvidersResponse: Codable, Equatable, Sendable {
    public var providers: [SocialProviderInfo]
    public init(providers: [SocialProviderInfo]) { self.providers = providers }
}

/// One provider's device-flow endpoints. Endpoints may be absolute URLs or paths on brainy-server itself (the
/// development identity provider, `brainy-server --dev-idp`).
public struct SocialProviderInfo: Codable, Equatable, Sendable {
    public var provider: AuthProvider
    public var clientId: String
    /// Some providers (Google's "TVs and limited input devices" clients) want a non-confidential secret too.
    public var clientSecret: String?
    public var deviceAuthorizationEndpoint: String
    public var tokenEndpoint: String
    /// True when the development identity provider stands in for the real one.
    public var development: Bool

    public init(provider: AuthProvider, clientId: String, clientSecret: String? = nil,
                deviceAuthorizationEndpoint: String, tokenEndpoint: String, development: Bool) {
        self.provider = provider
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.development = development
    }
}

/// The provider's answer to a device authorization request (RFC 8628 §3.2), in its snake_case keys.
public struct DeviceAuthorizationResponse: Codable, Equatable, Sendable {
    public var deviceCode: String
    public var userCode: String
    public var verificationUri: String
    public var verificationUriComplete: String?
    /// Seconds the codes stay valid.
    public var expiresIn: Int
    /// Seconds to wait between polls of the token endpoint.
    public var interval: Int?

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationUri = "verification_uri"
        case verificationUriComplete = "verification_uri_complete", expiresIn = "expires_in", interval
    }

    public init(deviceCode: String, userCode: String, verificationUri: String, verificationUriComplete: String? = nil,
                expiresIn: Int, interval: Int? = nil) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationUri = verificationUri
        self.verificationUriComplete = verificationUriComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// The provider's token endpoint answer while polling (RFC 8628 §3.5): an ID token once the user approved, else an
/// OAuth error code such as `authorization_pending`, `slow_down`, `access_denied` or `expired_token`.
public struct DeviceTokenResponse: Codable, Equatable, Sendable {
    public var idToken: String?
    public var error: String?
    public var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case idToken = "id_token", error, errorDescription = "error_description"
    }

    public init(idToken: String? = nil, error: String? = nil, errorDescription: String? = nil) {
        self.idToken = idToken
        self.error = error
        self.errorDescription = errorDescription
    }
}

/// `POST /v1/auth/social`: the provider's ID token; the server checks its signature against the provider's published
/// keys, its issuer, audience and expiry, links it to an account and answers with an `AuthResponse`.
public struct SocialSignInRequest: Codable, Equatable, Sendable {
    public var provider: AuthProvider
    public var idToken: String
    public init(provider: AuthProvider, idToken: String) {
        self.provider = provider
        self.idToken = idToken
    }
}
