import BrainyKit
import Crypto
import Foundation
import _CryptoExtras

/// `brainy-server --dev-idp`: a local identity provider standing in for Google and Apple (device flow) and for Kakao,
/// Naver, Apple and Google (browser sign-in, `DevBrowserIdP`) in demos and tests. It runs the device authorization
/// flow (RFC 8628), its codes kept in the database so that every instance answers for them,
/// and signs ID tokens with an RSA-2048 key kept in the database too (`DevIdPKey`), so that every instance on it
/// accepts the tokens any of them issued, across restarts.
struct DevIdentityProvider: Sendable {
    static let providers: [AuthProvider] = [.google, .apple]
    /// Seconds an issued ID token stays valid.
    static let tokenLifetime = 600
    static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ") // no vowels: no words, no 0/O or 1/I mix-ups

    let signer: IDTokenSigner
    private let clock: any BrainyClock
    private let authorizations: any DeviceAuthorizationStore

    init(key: _RSA.Signing.PrivateKey, clock: any BrainyClock, authorizations: any DeviceAuthorizationStore) {
        signer = IDTokenSigner(key: key)
        self.clock = clock
        self.authorizations = authorizations
    }

    static func makeKey() throws -> _RSA.Signing.PrivateKey {
        try _RSA.Signing.PrivateKey(keySize: .bits2048)
    }

    static func issuer(for provider: AuthProvider) -> String { issuer(for: provider.rawValue) }
    static func clientId(for provider: AuthProvider) -> String { clientId(for: provider.rawValue) }
    static func issuer(for provider: String) -> String { "brainy-dev-idp/\(provider)" }
    static func clientId(for provider: String) -> String { "brainy-dev-\(provider)" }
    /// The client secret the development token endpoint expects of the browser sign-in (a real provider's is the
    /// operator's secret; this one is no secret).
    static func clientSecret(for provider: String) -> String { "brainy-dev-\(provider)-secret" }

    /// The provider's stable subject for an email: the start of its SHA-256, so a demo account keeps its identity
    /// across restarts without the IdP storing anything.
    static func subject(for email: String) -> String {
        SHA256.hash(data: Data(email.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// Its side of the browser sign-in (all four providers), signing with the same key.
    var browser: DevBrowserIdP { DevBrowserIdP(signer: signer, clock: clock) }

    /// The keys its tokens verify with, for the same `IDTokenVerifier` the real providers use.
    var keySource: StaticJWKSource { StaticJWKSource(signer.keySet) }

    /// New codes for a device: `(deviceCode, userCode)`.
    func startAuthorization(provider: AuthProvider) async throws -> (deviceCode: String, userCode: String) {
        var generator = SystemRandomNumberGenerator()
        while true {
            let deviceCode = Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
            let letters = (0..<8).map { _ in Self.userCodeAlphabet.randomElement(using: &generator) ?? "B" }
            let userCode = String(letters[0..<4]) + "-" + String(letters[4...])
            let now = clock.now()
            let authorization = DeviceAuthorization(provider: provider, clientId: Self.clientId(for: provider),
                                                    deviceCode: deviceCode, userCode: userCode, now: now)
            if try await authorizations.addDeviceAuthorization(authorization, now: now) {
                return (deviceCode, userCode)
            }
        }
    }

    enum TokenAnswer: Equatable, Sendable {
        case idToken(String)
        /// An RFC 8628 / RFC 6749 error code: `authorization_pending`, `expired_token`, `access_denied`, `invalid_grant`.
        case error(String)
    }

    /// The device polled the token endpoint.
    func poll(provider: AuthProvider, clientId: String, deviceCode: String) async throws -> TokenAnswer {
        let now = clock.now()
        switch try await authorizations.pollDeviceAuthorization(provider: provider, clientId: clientId,
                                                                deviceCode: deviceCode, now: now) {
        case .keepWaiting: return .error("authorization_pending")
        case .expired: return .error("expired_token")
        case .denied: return .error("access_denied")
        case .unknownCode: return .error("invalid_grant")
        case let .issueToken(email):
            let issuedAt = Int(now.timeIntervalSince1970)
            let claims = IssuedIDTokenClaims(
                iss: Self.issuer(for: provider), aud: Self.clientId(for: provider), sub: Self.subject(for: email),
                email: email, emailVerified: true, iat: issuedAt, exp: issuedAt + Self.tokenLifetime)
            return .idToken(try await signer.sign(claims))
        }
    }

    /// The approval page's answer for `userCode`: approve with the demo account's `email`, or deny (nil).
    func decide(userCode: String, approvedEmail email: String?) async throws -> DeviceAuthorization.DecisionAction {
        try await authorizations.decideDeviceAuthorization(userCode: userCode, approvedEmail: email, now: clock.now())
    }

    /// Which provider a user code belongs to, for the approval page's heading.
    func provider(userCode: String) async throws -> AuthProvider? {
        try await authorizations.deviceAuthorization(userCode: userCode, now: clock.now())?.provider
    }
}
