import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import NIOCore

/// The development identity provider's endpoints under /dev-idp (`--dev-idp`): the provider side of the device flow
/// (form-encoded requests, RFC 8628 answers with OAuth's `{"error": "..."}`), the approval page, and the JWKS.
struct DevIdPController {
    let idp: DevIdentityProvider

    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.on(.devDeviceCode, use: deviceCode)
        routes.on(.devToken, use: token)
        routes.on(.devKeys, use: jwks)
        routes.on(.devApprovalPage, use: approvalPage)
        routes.on(.devApproval, use: decide)
        routes.on(.devAuthorizePage, use: authorizePage)
        routes.on(.devAuthorize, use: authorize)
        routes.on(.devProfile, use: profile)
        return routes
    }

    /// RFC 8628 §3.1–3.2: new codes for a device.
    @Sendable func deviceCode(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let provider = try Self.provider(context)
        let form: [String: String]
        do {
            form = try await request.formFields(context: context)
        } catch let refusal as APIError where refusal.code == FormBody.invalid {
            return try Self.oauthError(.badRequest, "invalid_request", refusal.message)
        }
        guard form["client_id"] == DevIdentityProvider.clientId(for: provider) else {
            return try Self.oauthError(.unauthorized, "invalid_client",
                                       "client_id must be \(DevIdentityProvider.clientId(for: provider)).")
        }
        let codes = try await idp.startAuthorization(provider: provider)
        let page = "http://\(Self.authority(of: request))" + APIRoute.devApprovalPage.path
        return try Self.json(DeviceAuthorizationResponse(
            deviceCode: codes.deviceCode, userCode: codes.userCode, verificationUri: page,
            verificationUriComplete: page + "?user_code=" + codes.userCode,
            expiresIn: Int(DeviceAuthorization.lifetime), interval: 1))
    }

    /// The token endpoint's answer once approved.
    struct TokenResponse: Codable, Equatable {
        var idToken: String
        var tokenType = "Bearer"
        var expiresIn = DevIdentityProvider.tokenLifetime

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token", tokenType = "token_type", expiresIn = "expires_in"
        }
    }

    /// RFC 8628 §3.4–3.5: the device polls until the code is approved, denied or expired.
    @Sendable func token(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try Self.browserProvider(context)
        let form: [String: String]
        do {
            form = try await request.formFields(context: context)
        } catch let refusal as APIError where refusal.code == FormBody.invalid {
            return try Self.oauthError(.badRequest, "invalid_request", refusal.message)
        }
        if form["grant_type"] == "authorization_code" {
            return try await exchangeCode(form, context: context)
        }
        guard form["grant_type"] == Self.deviceCodeGrant else {
            return try Self.oauthError(.badRequest, "unsupported_grant_type", "grant_type must be \(Self.deviceCodeGrant).")
        }
        guard let deviceCode = form["device_code"], let clientId = form["client_id"] else {
            return try Self.oauthError(.badRequest, "invalid_request", "device_code and client_id are required.")
        }
        let provider = try Self.provider(context)
        switch try await idp.poll(provider: provider, clientId: clientId, deviceCode: deviceCode) {
        case let .idToken(idToken):
            return try Self.json(TokenResponse(idToken: idToken))
        case let .error(code):
            return try Self.oauthError(.badRequest, code, Self.describe(code))
        }
    }

    @Sendable func jwks(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try Self.browserProvider(context)
        return try Self.json(idp.signer.keySet)
    }

    @Sendable func approvalPage(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let userCode = request.uri.queryParameters.get("user_code") ?? ""
        let provider = userCode.isEmpty ? nil : try await idp.provider(userCode: userCode)
        return Self.html(DevIdPPages.approval(userCode: userCode, provider: provider))
    }

    /// What a test sends instead of the HTML form.
    struct Approval: Codable, Equatable {
        var userCode: String
        var email: String?
        var approve: Bool
    }

    /// The JSON answer to an `Approval`.
    struct ApprovalResult: Codable, Equatable {
        var provider: AuthProvider
        var approved: Bool
    }

    /// The approval form's submission (HTML answer), or an `Approval` as JSON (JSON answer).
    @Sendable func decide(_ request: Request, context: ServerRequestContext) async throws -> Response {
        if request.hasJSONBody {
            let approval = try await request.decodeJSON(Approval.self, context: context)
            let email = try approval.approve ? AuthController.validEmail(approval.email ?? "") : nil
            let provider = try await decide(userCode: approval.userCode, email: email)
            return try Self.json(ApprovalResult(provider: provider, approved: email != nil))
        }
        let form = try await request.formFields(context: context)
        let userCode = form["user_code"] ?? ""
        do {
            let approve = form["action"] == "approve"
            let email = try approve ? AuthController.validEmail(form["email"] ?? "") : nil
            let provider = try await decide(userCode: userCode, email: email)
            return Self.html(DevIdPPages.decided(approved: approve, provider: provider, email: email))
        } catch let error as APIError {
            let provider = try await idp.provider(userCode: userCode)
            return Self.html(DevIdPPages.approval(userCode: userCode, provider: provider, notice: error.message),
                             status: .badRequest)
        }
    }

    /// Throws an `APIError` for a code it cannot decide; a storage failure as it is.
    private func decide(userCode: String, email: String?) async throws -> AuthProvider {
        switch try await idp.decide(userCode: userCode, approvedEmail: email) {
        case let .approved(provider), let .denied(provider):
            return provider
        case .unknownCode:
            throw APIError(.badRequest, "invalid_user_code",
                           "No sign-in is waiting for code '\(userCode.prefix(20))'. Check the code in the terminal.")
        case .expired:
            throw APIError(.badRequest, "expired_user_code",
                           "Code '\(userCode.prefix(20))' has expired. Start the sign-in again in the terminal.")
        }
    }

    /// The browser sign-in's authorize endpoint: the approval page for a well-formed request, else a 400 saying
    /// what is wrong (as a real provider refuses a request it cannot send back).
    @Sendable func authorizePage(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let provider = try Self.browserProvider(context)
        var fields: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { fields[String(name)] = String(value) }
        let authorization = Self.authorizeRequest(provider, fields)
        if let problem = idp.browser.check(authorization) {
            return Self.html(DevIdPPages.approval(userCode: "", provider: nil, notice: problem), status: .badRequest)
        }
        return Self.html(DevIdPPages.authorize(authorization))
    }

    /// The approval form: back to the redirect URI with a code (approved) or `error=access_denied` (denied), as a
    /// redirect, or for `response_mode=form_post` (Apple) a form that posts itself there.
    @Sendable func authorize(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let provider = try Self.browserProvider(context)
        let form = try await request.formFields(context: context)
        let authorization = Self.authorizeRequest(provider, form)
        if let problem = idp.browser.check(authorization) {
            return Self.html(DevIdPPages.approval(userCode: "", provider: nil, notice: problem), status: .badRequest)
        }
        var answer = ["state": authorization.state]
        if form["action"] == "approve" {
            guard let email = try? AuthController.validEmail(form["email"] ?? "") else {
                return Self.html(DevIdPPages.authorize(authorization, notice: "Enter the demo account's email address."),
                                 status: .badRequest)
            }
            answer["code"] = try await idp.browser.code(for: authorization, email: email)
        } else {
            answer["error"] = "access_denied"
        }
        if authorization.responseMode == "form_post" {
            return Self.html(DevIdPPages.formPost(to: authorization.redirectURI, fields: answer))
        }
        return Response(status: .seeOther, headers: [.location: authorization.redirectURI + "?" + FormBody.encode(answer),
                                                     .cacheControl: "no-store"])
    }

    static func authorizeRequest(_ provider: BrowserSignInProvider, _ fields: [String: String]) -> DevBrowserIdP.Request {
        DevBrowserIdP.Request(provider: provider, clientId: fields["client_id"] ?? "",
                              redirectURI: fields["redirect_uri"] ?? "", state: fields["state"] ?? "",
                              nonce: fields["nonce"],
                              codeChallenge: fields["code_challenge_method"] == "S256" ? fields["code_challenge"] ?? "" : "",
                              responseMode: fields["response_mode"])
    }

    /// The token endpoint's answer to the browser sign-in's code.
    struct CodeTokenResponse: Codable, Equatable {
        var accessToken: String
        var idToken: String?
        var tokenType = "bearer"
        var expiresIn = DevBrowserIdP.accessLifetime

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token", idToken = "id_token", tokenType = "token_type", expiresIn = "expires_in"
        }
    }

    private func exchangeCode(_ form: [String: String], context: ServerRequestContext) async throws -> Response {
        let provider = try Self.browserProvider(context)
        switch try await idp.browser.exchange(provider: provider, form: form) {
        case let .tokens(accessToken, idToken):
            return try Self.json(CodeTokenResponse(accessToken: accessToken, idToken: idToken))
        case let .refused(code, description):
            return try Self.oauthError(code == "invalid_client" ? .unauthorized : .badRequest, code, description)
        }
    }

    /// Naver's profile API (`GET /v1/nid/me` with `Authorization: Bearer <access token>`), in Naver's shape.
    @Sendable func profile(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let provider = try Self.browserProvider(context)
        let bearer = request.headers[.authorization].flatMap { header in
            header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
        }
        guard let bearer, let person = await idp.browser.profile(accessToken: bearer, provider: provider) else {
            return try Self.json(NaverProfile(resultcode: "024", message: "Authentication failed", response: nil),
                                 status: .unauthorized)
        }
        return try Self.json(NaverProfile(resultcode: "00", message: "success",
                                          response: .init(id: person.id, email: person.email,
                                                          nickname: person.nickname)))
    }

    struct NaverProfile: Codable, Equatable {
        var resultcode: String
        var message: String
        var response: Person?

        struct Person: Codable, Equatable {
            var id: String
            var email: String
            var nickname: String
        }
    }

    /// The provider of a browser sign-in route: any of the four.
    static func browserProvider(_ context: ServerRequestContext) throws(APIError) -> BrowserSignInProvider {
        let name = context.parameters.get("provider") ?? ""
        guard let provider = BrowserSignInProvider(rawValue: name) else {
            throw APIError(.notFound, "unknown_provider",
                           "The development identity provider serves kakao, naver, apple and google, not '\(name.prefix(40))'.")
        }
        return provider
    }

    static func provider(_ context: ServerRequestContext) throws(APIError) -> AuthProvider {
        let name = context.parameters.get("provider") ?? ""
        guard let provider = AuthProvider(rawValue: name), DevIdentityProvider.providers.contains(provider) else {
            throw APIError(.notFound, "unknown_provider",
                           "The development identity provider serves google and apple, not '\(name.prefix(40))'.")
        }
        return provider
    }

    /// The host and port the client reached this server by, for links back to it; "localhost" when the Host header
    /// is missing or could not be part of a URL.
    static func authority(of request: Request) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:[]"))
        guard let authority = request.head.authority, !authority.isEmpty, authority.count <= 255,
              authority.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) })
        else { return "localhost" }
        return authority
    }

    static func describe(_ code: String) -> String {
        switch code {
        case "authorization_pending": "The code has not been approved yet. Keep polling."
        case "expired_token": "The code expired before it was approved. Start again."
        case "access_denied": "The sign-in was denied on the approval page."
        default: "Unknown or already used device_code."
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// OAuth's error answer (RFC 6749 §5.2), which device-flow clients read: `{"error": code, "error_description"}`.
    static func oauthError(_ status: HTTPResponse.Status, _ code: String, _ description: String) throws -> Response {
        try json(DeviceTokenResponse(error: code, errorDescription: description), status: status)
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}
