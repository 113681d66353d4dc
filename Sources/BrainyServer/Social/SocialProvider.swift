import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation

/// One identity provider whose ID tokens the server accepts: who signs them, for which client id, where its keys
/// are, and where a device runs the device flow (when it has one the shell can use).
struct SocialProvider: Sendable {
    var provider: AuthProvider
    /// The `iss` values its tokens carry.
    var issuers: Set<String>
    var clientId: String
    var clientSecret: String?
    /// Absolute URLs, or paths on this server for the development identity provider; nil when the provider has no
    /// device flow (Apple), so the shell is not offered it although its tokens are accepted.
    var deviceAuthorizationEndpoint: String?
    var tokenEndpoint: String?
    var development: Bool
    var keys: any JWKSource

    func verifier(clock: any BrainyClock) -> IDTokenVerifier {
        IDTokenVerifier(provider: provider, issuers: issuers, audience: clientId, keys: keys, clock: clock)
    }

    /// What `GET /v1/auth/providers` says about it; nil without a device flow.
    var info: SocialProviderInfo? {
        guard let deviceAuthorizationEndpoint, let tokenEndpoint else { return nil }
        return SocialProviderInfo(provider: provider, clientId: clientId, clientSecret: clientSecret,
                                  deviceAuthorizationEndpoint: deviceAuthorizationEndpoint, tokenEndpoint: tokenEndpoint,
                                  development: development)
    }

    static func google(clientId: String, clientSecret: String?, keys: any JWKSource) -> SocialProvider {
        SocialProvider(provider: .google, issuers: ["https://accounts.google.com", "accounts.google.com"],
                       clientId: clientId, clientSecret: clientSecret,
                       deviceAuthorizationEndpoint: "https://oauth2.googleapis.com/device/code",
                       tokenEndpoint: "https://oauth2.googleapis.com/token", development: false, keys: keys)
    }

    /// Sign in with Apple has no device flow: its tokens (obtained elsewhere) are accepted, but it is not offered.
    static func apple(clientId: String, keys: any JWKSource) -> SocialProvider {
        SocialProvider(provider: .apple, issuers: ["https://appleid.apple.com"], clientId: clientId, clientSecret: nil,
                       deviceAuthorizationEndpoint: nil, tokenEndpoint: nil, development: false, keys: keys)
    }

    static let googleKeysURL = "https://www.googleapis.com/oauth2/v3/certs"
    static let appleKeysURL = "https://appleid.apple.com/auth/keys"

    /// The development identity provider standing in for `provider`, its endpoints paths on this server.
    static func development(_ provider: AuthProvider, keys: any JWKSource) -> SocialProvider {
        SocialProvider(provider: provider, issuers: [DevIdentityProvider.issuer(for: provider)],
                       clientId: DevIdentityProvider.clientId(for: provider), clientSecret: nil,
                       deviceAuthorizationEndpoint: APIRoute.devDeviceCode.path(filling: ["provider": provider.rawValue]),
                       tokenEndpoint: APIRoute.devToken.path(filling: ["provider": provider.rawValue]), development: true,
                       keys: keys)
    }
}

/// The social sign-in this server offers: its providers, and with `--dev-idp` the development identity provider
/// that stands in for all of them.
struct SocialSignIn: Sendable {
    var providers: [AuthProvider: SocialProvider]
    var devIdP: DevIdentityProvider?
    /// The providers of the browser sign-in (Kakao, Naver, Apple, Google through this server's pages).
    var browser: [BrowserSignInProvider: BrowserProvider] = [:]
    /// This server's public URL, in front of the browser sign-in's links and redirect URIs; nil with `--dev-idp`
    /// alone, which takes the Host a request came by.
    var publicURL: String?

    static let disabled = SocialSignIn(providers: [:], devIdP: nil)

    /// From the command line: the development IdP when `--dev-idp` (it replaces real providers, so a demo never
    /// reaches Google), else each real provider that has a client id. `keySources` replaces fetching a provider's
    /// JWKS (tests); `devIdPKey` the key the development IdP would make when `database` holds none. The development
    /// IdP keeps its key and its codes in `database`.
    static func configured(_ arguments: ServerArguments, environment: ServerEnvironment,
                           database: some DeviceAuthorizationStore & DevIdPKeyStore) async throws -> SocialSignIn {
        if arguments.devIdP {
            let key = try await DevIdPKey.shared(in: database) {
                try environment.devIdPKey ?? DevIdentityProvider.makeKey()
            }
            let devIdP = DevIdentityProvider(key: key, clock: environment.clock, authorizations: database)
            var providers: [AuthProvider: SocialProvider] = [:]
            for provider in DevIdentityProvider.providers {
                providers[provider] = .development(provider, keys: devIdP.keySource)
            }
            var browser: [BrowserSignInProvider: BrowserProvider] = [:]
            for provider in BrowserSignInProvider.allCases { browser[provider] = .development(provider) }
            return SocialSignIn(providers: providers, devIdP: devIdP, browser: browser, publicURL: arguments.publicURL)
        }
        func keys(_ provider: AuthProvider, url: String) -> any JWKSource {
            environment.keySources[provider] ?? RemoteJWKSource(url: url, client: .shared, clock: environment.clock)
        }
        var providers: [AuthProvider: SocialProvider] = [:]
        if let clientId = arguments.googleClientId {
            providers[.google] = .google(clientId: clientId, clientSecret: arguments.googleClientSecret,
                                         keys: keys(.google, url: SocialProvider.googleKeysURL))
        }
        if let clientId = arguments.appleClientId {
            providers[.apple] = .apple(clientId: clientId, keys: keys(.apple, url: SocialProvider.appleKeysURL))
        }
        return SocialSignIn(providers: providers, devIdP: nil,
                            browser: browserProviders(arguments, clock: environment.clock, keys: { environment.keySources[$0] }),
                            publicURL: arguments.publicURL)
    }

    /// The real providers of the browser sign-in that the flags set up (each needs `--public-url` too, which
    /// `ServerArguments.parse` checks). `keys` replaces fetching a provider's JWKS (tests).
    static func browserProviders(_ arguments: ServerArguments, clock: any BrainyClock,
                                 keys: (AuthProvider) -> (any JWKSource)?)
        -> [BrowserSignInProvider: BrowserProvider] {
        guard arguments.publicURL != nil else { return [:] }
        var browser: [BrowserSignInProvider: BrowserProvider] = [:]
        if let id = arguments.kakaoClientId {
            browser[.kakao] = .kakao(clientId: id, clientSecret: arguments.kakaoClientSecret, keys: nil)
        }
        if let id = arguments.naverClientId, let secret = arguments.naverClientSecret {
            browser[.naver] = .naver(clientId: id, clientSecret: secret)
        }
        if let id = arguments.appleClientId, let secret = arguments.appleClientSecret {
            browser[.apple] = .apple(clientId: id, clientSecret: secret, keys: keys(.apple))
        }
        if let id = arguments.googleWebClientId, let secret = arguments.googleWebClientSecret {
            browser[.google] = .google(clientId: id, clientSecret: secret, keys: keys(.google))
        }
        // A provider's keys are fetched once and kept, like the ID-token sign-in's.
        for (name, provider) in browser {
            guard case let .idToken(issuers, vendor, nil) = provider.identity, let url = provider.endpoints.keys else {
                continue
            }
            var kept = provider
            kept.identity = .idToken(issuers: issuers, vendor: vendor,
                                     keys: RemoteJWKSource(url: url, client: .shared, clock: clock))
            browser[name] = kept
        }
        return browser
    }
}
