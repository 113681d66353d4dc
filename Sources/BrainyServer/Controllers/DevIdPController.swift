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
        let provider = try Self.provider(context)
        let form: [String: String]
        do {
            form = try await request.formFields(context: context)
        } catch let refusal as APIError where refusal.code == FormBody.invalid {
            return try Self.oauthError(.badRequest, "invalid_request", refusal.message)
        }
        guard form["grant_type"] == Self.deviceCodeGrant else {
            return try Self.oauthError(.badRequest, "unsupported_grant_type", "grant_type must be \(Self.deviceCodeGrant).")
        }
        guard let deviceCode = form["device_code"], let clientId = form["client_id"] else {
            return try Self.oauthError(.badRequest, "invalid_request", "device_code and client_id are required.")
        }
        switch try await idp.poll(provider: provider, clientId: clientId, deviceCode: deviceCode) {
        case let .idToken(idToken):
            return try Self.json(TokenResponse(idToken: idToken))
        case let .error(code):
            return try Self.oauthError(.badRequest, code, Self.describe(code))
        }
    }

    @Sendable func jwks(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try Self.provider(context)
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
