import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Google and Apple sign-in: which providers a device can use, and the exchange of a provider's ID token for this
/// server's tokens. The token is verified, its identity linked to an account, and the answer is the same as a login.
struct SocialAuthController {
    let social: SocialSignIn
    let identities: any IdentityStore
    /// The email side, whose config and session start social sign-in shares.
    let sessions: AuthController
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.socialProviders, use: providers)
        routes.on(API.socialSignIn, use: signIn)
        return routes.collection
    }

    /// The providers that are configured, have a device flow, and that the served config allows, Google first.
    @Sendable func providers(_: Empty, _ request: Request, context: ServerRequestContext) async throws
        -> SocialProvidersResponse {
        let offered = AuthProvider.allCases.compactMap { provider -> SocialProviderInfo? in
            guard sessions.config.allowsLogin(provider) else { return nil }
            return social.providers[provider]?.info
        }
        return SocialProvidersResponse(providers: offered)
    }

    @Sendable func signIn(_ body: SocialSignInRequest, _ request: Request, context: ServerRequestContext) async throws
        -> AuthResponse {
        guard let provider = social.providers[body.provider] else {
            throw APIError(.badRequest, "provider_not_enabled",
                           "This server does not offer \(body.provider.name.en) sign-in. See \(API.socialProviders).")
        }
        guard sessions.config.allowsLogin(body.provider) else {
            throw APIError(.forbidden, "login_method_disabled",
                           "\(body.provider.name.en) sign-in is turned off on this server.")
        }
        let claims: IDTokenClaims
        do {
            claims = try await provider.verifier(clock: sessions.clock).verify(body.idToken)
        } catch {
            throw Self.refusal(error)
        }
        let now = sessions.clock.now()
        let email = claims.verifiedEmail
        guard let identityProvider = BrowserSignInProvider(rawValue: body.provider.rawValue) else {
            throw APIError(.badRequest, "provider_not_enabled", "\(body.provider.name.en) sign-in has no ID tokens.")
        }
        let identity = SocialIdentity(provider: identityProvider, subject: claims.subject, email: email, linkedAt: now)
        let newAccount = email.map { email in
            ServerAccount(id: UUID().uuidString.lowercased(), email: email, displayName: DisplayName.from(email: email),
                          passwordHash: "", provider: body.provider, createdAt: now)
        }
        guard let account = try await identities.signIn(identity, orCreate: newAccount) else {
            throw APIError(.unauthorized, "invalid_id_token",
                           "The ID token carries no verified email address, which a first sign-in needs. Allow Brainy to see your email and try again.")
        }
        try await sessions.accounts.recordSuccessfulLogin(accountId: account.id, address: context.clientAddress, at: now)
        return try await sessions.startSession(for: account, now: now)
    }

    static func refusal(_ error: IDTokenError) -> APIError {
        if case .keysUnavailable = error {
            var refusal = APIError(.serviceUnavailable, "provider_unavailable", error.message)
            refusal.retryAfter = 30
            return refusal
        }
        return APIError(.unauthorized, "invalid_id_token", error.message)
    }
}
