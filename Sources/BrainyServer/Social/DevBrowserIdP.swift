import BrainyAPI
import BrainyKit
import Crypto
import Foundation
import JWTKit

/// The development identity provider's side of the browser sign-in (`--dev-idp`), for Kakao, Naver, Apple and
/// Google alike: the authorize page's decision becomes a code, the token endpoint exchanges it (checking the client,
/// the redirect URI and the PKCE verifier, as the real ones do), and answers an ID token (with the nonce) or, for
/// Naver, an access token its profile endpoint vouches for. Codes and access tokens are JWTs signed with the
/// development key, so that every instance on the database accepts what any of them issued, with nothing stored.
struct DevBrowserIdP: Sendable {
    let signer: IDTokenSigner
    let clock: any BrainyClock

    /// Seconds a code may wait for its exchange.
    static let codeLifetime = 120
    /// Seconds a Naver access token stays good at the profile endpoint.
    static let accessLifetime = 600

    /// What the authorize request asked for, carried through the approval form into the code.
    struct Request: Equatable, Sendable {
        var provider: BrowserSignInProvider
        var clientId: String
        var redirectURI: String
        var state: String
        var nonce: String?
        var codeChallenge: String
        var responseMode: String?
    }

    /// What a code or an access token holds.
    struct Grant: JWTPayload, Equatable {
        /// "code" or "access".
        var kind: String
        var provider: String
        var clientId: String
        var redirectURI: String
        var codeChallenge: String
        var nonce: String?
        var email: String
        var exp: Int

        func verify(using _: some JWTAlgorithm) throws {}
    }

    /// An ID token of the development IdP for a browser sign-in: the device flow's claims and the nonce.
    struct IDTokenClaims: JWTPayload, Equatable {
        var iss: String
        var aud: String
        var azp: String
        var sub: String
        var email: String
        var emailVerified: Bool
        var nonce: String?
        var iat: Int
        var exp: Int

        enum CodingKeys: String, CodingKey {
            case iss, aud, azp, sub, email, emailVerified = "email_verified", nonce, iat, exp
        }

        func verify(using _: some JWTAlgorithm) throws {}
    }

    /// Why an authorize request is not shown an approval page: an OAuth error the page names.
    func check(_ request: Request) -> String? {
        guard request.clientId == DevIdentityProvider.clientId(for: request.provider.rawValue) else {
            return "client_id must be \(DevIdentityProvider.clientId(for: request.provider.rawValue))."
        }
        let callback = APIRoute.browserSignInCallback.path(filling: ["provider": request.provider.rawValue])
        guard let url = URLComponents(string: request.redirectURI), ["http", "https"].contains(url.scheme ?? ""),
              url.path == callback, url.query == nil
        else { return "redirect_uri must be this server's \(callback) (the redirect URL registered for the app)." }
        guard !request.state.isEmpty else { return "state is required." }
        guard request.codeChallenge.count >= 43 else { return "code_challenge (S256) is required." }
        return nil
    }

    /// The approved request's code.
    func code(for request: Request, email: String) async throws -> String {
        try await signer.sign(Grant(kind: "code", provider: request.provider.rawValue, clientId: request.clientId,
                                    redirectURI: request.redirectURI, codeChallenge: request.codeChallenge,
                                    nonce: request.nonce, email: email,
                                    exp: Int(clock.now().timeIntervalSince1970) + Self.codeLifetime))
    }

    enum Exchange: Equatable, Sendable {
        case tokens(accessToken: String, idToken: String?)
        /// An OAuth error (RFC 6749 §5.2) and its description.
        case refused(String, String)
    }

    /// The token endpoint's authorization_code grant.
    func exchange(provider: BrowserSignInProvider, form: [String: String]) async throws -> Exchange {
        guard let code = form["code"], let grant = try? await read(code, kind: "code"), grant.provider == provider.rawValue
        else { return .refused("invalid_grant", "The code is unknown, expired or another provider's.") }
        guard form["client_id"] == grant.clientId,
              form["client_secret"] == DevIdentityProvider.clientSecret(for: provider.rawValue)
        else { return .refused("invalid_client", "client_id and client_secret do not match the app.") }
        guard form["redirect_uri"] == grant.redirectURI else {
            return .refused("invalid_grant", "redirect_uri is not the one the code was issued for.")
        }
        guard let verifier = form["code_verifier"], Self.challenge(verifier) == grant.codeChallenge else {
            return .refused("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256).")
        }
        let now = Int(clock.now().timeIntervalSince1970)
        let access = try await signer.sign(Grant(kind: "access", provider: grant.provider, clientId: grant.clientId,
                                                 redirectURI: grant.redirectURI, codeChallenge: "", nonce: nil,
                                                 email: grant.email, exp: now + Self.accessLifetime))
        guard provider != .naver else { return .tokens(accessToken: access, idToken: nil) }
        let idToken = try await signer.sign(IDTokenClaims(
            iss: DevIdentityProvider.issuer(for: provider.rawValue), aud: grant.clientId, azp: grant.clientId,
            sub: DevIdentityProvider.subject(for: grant.email), email: grant.email, emailVerified: true,
            nonce: grant.nonce, iat: now, exp: now + DevIdentityProvider.tokenLifetime))
        return .tokens(accessToken: access, idToken: idToken)
    }

    /// The person an access token was issued for, as Naver's profile API names them (the nickname is the demo
    /// email's local part, as a person's chosen name would be); nil for a token it did not issue, or one expired.
    func profile(accessToken: String, provider: BrowserSignInProvider) async
        -> (id: String, email: String, nickname: String)? {
        guard let grant = try? await read(accessToken, kind: "access"), grant.provider == provider.rawValue else {
            return nil
        }
        return (DevIdentityProvider.subject(for: grant.email), grant.email, String(grant.email.prefix { $0 != "@" }))
    }

    private func read(_ token: String, kind: String) async throws -> Grant? {
        let grant = try await signer.verify(token, as: Grant.self)
        guard grant.kind == kind, grant.exp > Int(clock.now().timeIntervalSince1970) else { return nil }
        return grant
    }

    static func challenge(_ verifier: String) -> String { Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8)))) }
}
