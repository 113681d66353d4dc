import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
@testable import BrainyServer

/// ID tokens made to order: any header, any claims, signed with any key.
enum TestTokens {
    static let googleClientId = "test-client.apps.googleusercontent.com"
    static let signer = IDTokenSigner(key: TestKeys.provider)
    static let forger = IDTokenSigner(key: TestKeys.forger)

    /// Claims Google would put in a token for `email`, issued at `now` for `googleClientId` (who is also its `azp`, as
    /// in the device flow).
    static func googleClaims(email: String = "mina@example.com", now: Date = TestServer.start) -> [String: Any] {
        let issuedAt = Int(now.timeIntervalSince1970)
        return ["iss": "https://accounts.google.com", "aud": googleClientId, "azp": googleClientId,
                "sub": "1098765432101234567890", "email": email, "email_verified": true, "iat": issuedAt,
                "exp": issuedAt + 3600]
    }

    /// A JWT of `claims` under `header` (RS256 and the trusted key's kid unless changed), signed by `signer`.
    static func make(_ claims: [String: Any], header: [String: Any]? = nil, signedBy signer: IDTokenSigner = signer)
        async throws -> String {
        let header = header ?? ["alg": "RS256", "kid": Self.signer.kid, "typ": "JWT"]
        return try await signer.sign(AnyClaims(fields: claims.mapValues(field)),
                                     header: JWTHeader(fields: header.mapValues(field)))
    }

    /// Claims of any shape, even ones no provider would sign.
    struct AnyClaims: JWTPayload {
        var fields: [String: JWTHeaderField]

        init(fields: [String: JWTHeaderField]) { self.fields = fields }

        init(from decoder: any Decoder) throws { fields = try decoder.singleValueContainer().decode([String: JWTHeaderField].self) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(fields)
        }

        func verify(using _: some JWTAlgorithm) throws {}
    }

    /// A JSON value as jwt-kit's header field, which can hold any JSON.
    static func field(_ value: Any) -> JWTHeaderField {
        switch value {
        case let flag as Bool: .bool(flag)
        case let number as Int: .int(number)
        case let number as Double: .decimal(number)
        case let text as String: .string(text)
        case let list as [Any]: .array(list.map(field))
        case let object as [String: Any]: .object(object.mapValues(field))
        default: .null
        }
    }

    /// `header.payload.` with no signature at all.
    static func unsigned(_ claims: [String: Any], header: [String: Any]) throws -> String {
        Base64URL.encode(try JSONSerialization.data(withJSONObject: header)) + "."
            + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims)) + "."
    }
}

extension TestServer {
    /// A server that accepts Google tokens for `TestTokens.googleClientId`, Google's keys being `TestKeys.provider`.
    static func googleApp(backend: StorageBackend = .sqlite, clock: ManualClock = ManualClock(start),
                          configure: (inout ServerArguments, inout ServerEnvironment) -> Void = { _, _ in })
        async throws -> some ApplicationProtocol {
        try await app(backend: backend, clock: clock) { arguments, environment in
            arguments.googleClientId = TestTokens.googleClientId
            environment.keySources[.google] = StaticJWKSource(TestTokens.signer.keySet)
            configure(&arguments, &environment)
        }
    }
}

extension TestClientProtocol {
    func postForm(_ uri: String, _ fields: [String: String]) async throws -> TestResponse {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = fields.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
        return try await execute(uri: uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                 body: ByteBuffer(string: body))
    }

    /// Asks the development IdP for codes, as the shell does.
    func startDeviceFlow(_ provider: AuthProvider = .google) async throws -> DeviceAuthorizationResponse {
        try await postForm("/dev-idp/\(provider.rawValue)/device/code",
                           ["client_id": "brainy-dev-\(provider.rawValue)", "scope": "openid email"])
            .decode(DeviceAuthorizationResponse.self)
    }

    /// Polls the development IdP's token endpoint once.
    func pollToken(_ provider: AuthProvider = .google, deviceCode: String) async throws -> TestResponse {
        try await postForm("/dev-idp/\(provider.rawValue)/token",
                           ["grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": deviceCode,
                            "client_id": "brainy-dev-\(provider.rawValue)"])
    }

    /// Approves `userCode` for `email` as a test would, through the JSON form of the approval endpoint.
    func approve(_ userCode: String, email: String, approve: Bool = true) async throws -> TestResponse {
        try await post("/dev-idp/device", json: DevIdPController.Approval(userCode: userCode, email: email, approve: approve))
    }

    /// The whole device flow for `email`: the ID token the development IdP hands out.
    func devIDToken(_ provider: AuthProvider = .google, email: String) async throws -> String {
        let codes = try await startDeviceFlow(provider)
        _ = try await approve(codes.userCode, email: email)
        return try await pollToken(provider, deviceCode: codes.deviceCode).decode(DevIdPController.TokenResponse.self).idToken
    }

    func socialSignIn(_ provider: AuthProvider = .google, idToken: String) async throws -> TestResponse {
        try await post("/v1/auth/social", json: SocialSignInRequest(provider: provider, idToken: idToken))
    }
}
