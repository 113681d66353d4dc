import BrainyAPI
import BrainyKit
import Foundation

/// What differs between the providers of the browser sign-in, and nothing else: where the browser is sent, where
/// the code is exchanged, which scopes are asked, how the answer comes back, and how the identity is checked. The
/// development identity provider is the same description with its endpoints on this server.
struct BrowserProvider: Sendable {
    var provider: BrowserSignInProvider
    var clientId: String
    var clientSecret: String?
    var scopes: String
    /// `form_post` for Apple (it posts the code when the scope asks for name or email); nil for a query.
    var responseMode: String?
    var endpoints: Endpoints
    var identity: IdentityCheck
    var development: Bool

    struct Endpoints: Equatable, Sendable {
        var authorize: String
        var token: String
        /// The published keys (ID-token providers).
        var keys: String?
        /// The profile API that vouches for an access token (Naver).
        var profile: String?
    }

    /// How a provider's answer is turned into an identity, as the provider documents it.
    enum IdentityCheck: Sendable {
        /// An OpenID Connect ID token: RS256 against `keys`, one of `issuers`, the client id as audience, the nonce.
        case idToken(issuers: Set<String>, vendor: IDTokenVerifier.IDTokenVendor, keys: (any JWKSource)?)
        /// No ID token: the access token is shown to the profile endpoint, whose answer names the person.
        case profile
    }

    /// The callback path the provider sends the browser back to; with the public URL in front, the redirect URI to
    /// register with the provider.
    var callbackPath: String { APIRoute.browserSignInCallback.path(filling: ["provider": provider.rawValue]) }

    func redirectURI(origin: String) -> String { origin + callbackPath }

    /// The development identity provider's endpoints for `provider` under `origin`: the real ones' shapes, on this
    /// server (`/dev-idp/<provider>/…`).
    static func developmentEndpoints(_ provider: BrowserSignInProvider, origin: String) -> Endpoints {
        let base = origin + APIRoute.Group.devIdP.rawValue + "/" + provider.rawValue
        return Endpoints(authorize: base + "/authorize", token: base + "/token",
                         keys: provider == .naver ? nil : base + "/jwks",
                         profile: provider == .naver ? base + "/v1/nid/me" : nil)
    }

    /// Where this provider's endpoints are for a session that began at `origin`.
    func endpoints(origin: String) -> Endpoints {
        development ? Self.developmentEndpoints(provider, origin: origin) : endpoints
    }

    static func kakao(clientId: String, clientSecret: String?, keys: (any JWKSource)?) -> BrowserProvider {
        BrowserProvider(
            provider: .kakao, clientId: clientId, clientSecret: clientSecret, scopes: "openid account_email",
            responseMode: nil,
            endpoints: Endpoints(authorize: "https://kauth.kakao.com/oauth/authorize",
                                 token: "https://kauth.kakao.com/oauth/token",
                                 keys: "https://kauth.kakao.com/.well-known/jwks.json", profile: nil),
            identity: .idToken(issuers: ["https://kauth.kakao.com"], vendor: .kakao, keys: keys), development: false)
    }

    static func naver(clientId: String, clientSecret: String) -> BrowserProvider {
        BrowserProvider(
            provider: .naver, clientId: clientId, clientSecret: clientSecret, scopes: "", responseMode: nil,
            endpoints: Endpoints(authorize: "https://nid.naver.com/oauth2.0/authorize",
                                 token: "https://nid.naver.com/oauth2.0/token", keys: nil,
                                 profile: "https://openapi.naver.com/v1/nid/me"),
            identity: .profile, development: false)
    }

    /// Sign in with Apple on the web: `clientId` is the Services ID, `clientSecret` the JWT Apple asks for (signed
    /// with the team's key, valid up to six months).
    static func apple(clientId: String, clientSecret: String, keys: (any JWKSource)?) -> BrowserProvider {
        BrowserProvider(
            provider: .apple, clientId: clientId, clientSecret: clientSecret, scopes: "email", responseMode: "form_post",
            endpoints: Endpoints(authorize: "https://appleid.apple.com/auth/authorize",
                                 token: "https://appleid.apple.com/auth/token", keys: SocialProvider.appleKeysURL,
                                 profile: nil),
            identity: .idToken(issuers: ["https://appleid.apple.com"], vendor: .apple, keys: keys), development: false)
    }

    /// Google with a "Web application" client (the device flow's "TVs and limited input devices" client cannot
    /// redirect).
    static func google(clientId: String, clientSecret: String, keys: (any JWKSource)?) -> BrowserProvider {
        BrowserProvider(
            provider: .google, clientId: clientId, clientSecret: clientSecret, scopes: "openid email",
            responseMode: nil,
            endpoints: Endpoints(authorize: "https://accounts.google.com/o/oauth2/v2/auth",
                                 token: "https://oauth2.googleapis.com/token", keys: SocialProvider.googleKeysURL,
                                 profile: nil),
            identity: .idToken(issuers: ["https://accounts.google.com", "accounts.google.com"], vendor: .google,
                               keys: keys),
            development: false)
    }

    /// The development identity provider standing in for `provider`: its client id and issuer, its endpoints on
    /// this server, its keys fetched from its published JWKS like a real provider's.
    static func development(_ provider: BrowserSignInProvider) -> BrowserProvider {
        let origin = "http://localhost"
        let endpoints = developmentEndpoints(provider, origin: origin)
        let clientId = DevIdentityProvider.clientId(for: provider.rawValue)
        let identity: IdentityCheck = switch provider {
        case .naver: .profile
        case .kakao: .idToken(issuers: [DevIdentityProvider.issuer(for: provider.rawValue)], vendor: .kakao, keys: nil)
        case .apple: .idToken(issuers: [DevIdentityProvider.issuer(for: provider.rawValue)], vendor: .apple, keys: nil)
        case .google: .idToken(issuers: [DevIdentityProvider.issuer(for: provider.rawValue)], vendor: .google, keys: nil)
        }
        return BrowserProvider(provider: provider, clientId: clientId,
                               clientSecret: DevIdentityProvider.clientSecret(for: provider.rawValue),
                               scopes: provider == .naver ? "" : provider == .apple ? "email" : "openid email",
                               responseMode: provider == .apple ? "form_post" : nil, endpoints: endpoints,
                               identity: identity, development: true)
    }
}
