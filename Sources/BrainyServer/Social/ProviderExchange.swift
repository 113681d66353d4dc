import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation
import NIOCore
import NIOHTTP1

/// Who the provider says signed in, once checked as the provider documents it.
struct CheckedIdentity: Equatable, Sendable {
    var subject: String
    /// Lower-cased, and only when the provider vouches for it.
    var verifiedEmail: String?
    /// The provider's own name for the person (Naver's nickname or name, Kakao's nickname), cleaned of terminal
    /// controls and at most `DisplayName.maxCharacters` long; nil when it gives none. The display name of an account
    /// made without a verified email.
    var name: String?

    init(subject: String, verifiedEmail: String?, name: String? = nil) {
        self.subject = subject
        self.verifiedEmail = verifiedEmail
        self.name = DisplayName.provided(name)
    }
}

/// The server side of the authorization code flow, the same for every provider: the code is exchanged at the
/// provider's token endpoint with the PKCE verifier and the redirect URI, and the answer checked as the provider's
/// `IdentityCheck` says (an ID token with its nonce, or the profile API for Naver).
struct ProviderExchange: Sendable {
    var client: HTTPClient = .shared
    var clock: any BrainyClock
    /// Bytes read of a provider's answer at most.
    static let answerLimit = 1 << 20

    /// The token endpoint's answer (RFC 6749 §5.1, §5.2).
    struct TokenAnswer: Decodable, Sendable {
        var accessToken: String?
        var idToken: String?
        var error: String?
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token", idToken = "id_token", error, errorDescription = "error_description"
        }
    }

    /// Naver's profile answer: `resultcode` "00" and the person under `response`.
    struct ProfileAnswer: Decodable, Sendable {
        var resultcode: String
        var message: String?
        var response: Person?

        struct Person: Decodable, Sendable {
            var id: String
            var email: String?
            var nickname: String?
            var name: String?
        }
    }

    func identity(_ provider: BrowserProvider, code: String, session: BrowserSignIn,
                  authorization: BrowserSignIn.Authorization) async throws(BrowserSignInError) -> CheckedIdentity {
        let endpoints = provider.endpoints(origin: session.origin)
        var form = ["grant_type": "authorization_code", "code": code, "client_id": provider.clientId,
                    "redirect_uri": provider.redirectURI(origin: session.origin),
                    "code_verifier": authorization.codeVerifier]
        if let secret = provider.clientSecret { form["client_secret"] = secret }
        // Naver's token endpoint asks for the state again.
        if provider.provider == .naver { form["state"] = authorization.state }
        let answer = try await exchange(provider.provider, url: endpoints.token, form: form)
        switch provider.identity {
        case let .idToken(issuers, vendor, keys):
            guard let idToken = answer.idToken else {
                throw .providerRefused(provider.provider, "its token endpoint answered no ID token.")
            }
            let source: any JWKSource = keys ?? RemoteJWKSource(url: endpoints.keys ?? "", client: client, clock: clock)
            return try await checkIDToken(idToken, provider: provider.provider, issuers: issuers, vendor: vendor,
                                          audience: provider.clientId, keys: source, nonce: authorization.nonce)
        case .profile:
            guard let accessToken = answer.accessToken, let url = endpoints.profile else {
                throw .providerRefused(provider.provider, "its token endpoint answered no access token.")
            }
            return try await profile(provider.provider, url: url, accessToken: accessToken)
        }
    }

    /// An ID token checked as OpenID Connect says: RS256 against the provider's keys, one of its issuers, this
    /// client as the audience, within its times, and carrying the nonce this sign-in sent.
    func checkIDToken(_ idToken: String, provider: BrowserSignInProvider, issuers: Set<String>,
                      vendor: IDTokenVerifier.IDTokenVendor, audience: String, keys: any JWKSource, nonce: String)
        async throws(BrowserSignInError) -> CheckedIdentity {
        let verifier = IDTokenVerifier(provider: .google, issuers: issuers, audience: audience, keys: keys, clock: clock,
                                       vendor: vendor)
        let claims: IDTokenClaims
        do {
            claims = try await verifier.verify(idToken)
        } catch {
            if case let .keysUnavailable(reason) = error { throw .providerUnavailable(provider, reason) }
            throw .providerRefused(provider, error.message)
        }
        guard claims.nonce == nonce else {
            throw .providerRefused(provider, "the ID token's nonce is not the one this sign-in sent (a replayed token).")
        }
        return CheckedIdentity(subject: claims.subject, verifiedEmail: claims.verifiedEmail, name: claims.name)
    }

    private func exchange(_ provider: BrowserSignInProvider, url: String, form: [String: String])
        async throws(BrowserSignInError) -> TokenAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: FormBody.encode(form)))
        let (status, data) = try await send(provider, request)
        let answer = try? JSONDecoder().decode(TokenAnswer.self, from: data)
        if let error = answer?.error {
            let detail = answer?.errorDescription.map { ": \($0.prefix(200))" } ?? ""
            throw .providerRefused(provider, "its token endpoint refused the code (\(error.prefix(60))\(detail)).")
        }
        guard status == .ok, let answer else {
            throw .providerRefused(provider, "its token endpoint answered HTTP \(status.code).")
        }
        return answer
    }

    /// Naver's way: the profile API is shown the access token and names the person, or refuses the token.
    func profile(_ provider: BrowserSignInProvider, url: String, accessToken: String)
        async throws(BrowserSignInError) -> CheckedIdentity {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
        request.headers.add(name: "Accept", value: "application/json")
        let (status, data) = try await send(provider, request)
        guard let answer = try? JSONDecoder().decode(ProfileAnswer.self, from: data) else {
            throw .providerRefused(provider, "its profile API answered HTTP \(status.code) without a profile.")
        }
        guard status == .ok, answer.resultcode == "00", let person = answer.response, !person.id.isEmpty else {
            let message = answer.message.map { " \($0.prefix(100))" } ?? ""
            throw .providerRefused(provider, "its profile API refused the access token (\(answer.resultcode.prefix(10))\(message)).")
        }
        // Naver's profile gives the address the person chose to share, without saying it was verified: an account
        // is never linked by it.
        // The nickname the person chose for Naver, else their name (each given with its consent item).
        let name = [person.nickname, person.name].lazy.compactMap(DisplayName.provided).first
        return CheckedIdentity(subject: person.id, verifiedEmail: nil, name: name)
    }

    private func send(_ provider: BrowserSignInProvider, _ request: HTTPClientRequest)
        async throws(BrowserSignInError) -> (HTTPResponseStatus, Data) {
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            let body = try await response.body.collect(upTo: Self.answerLimit)
            return (response.status, Data(body.readableBytesView))
        } catch {
            throw .providerUnavailable(provider, String(describing: error).prefix(120).description)
        }
    }
}
