import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// How the browser sign-in checks what a provider answered, as each documents it: Kakao's OpenID Connect ID token
/// (RS256 against its keys, its issuer, the app key as audience, the nonce), and Naver's access token through its
/// profile API.
@Suite struct BrowserIdentityCheckTests {
    static let kakaoAppKey = "kakao-rest-api-key"
    static let nonce = "n-0S6_WzA2Mj"

    static func kakaoClaims(_ changes: [String: Any] = [:]) -> [String: Any] {
        let issuedAt = Int(TestServer.start.timeIntervalSince1970)
        var claims: [String: Any] = ["iss": "https://kauth.kakao.com", "aud": kakaoAppKey, "sub": "3141592653",
                                     "iat": issuedAt, "exp": issuedAt + 3600, "nonce": nonce, "nickname": "미나",
                                     "email": "mina@example.com", "email_verified": true]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    static func check(_ token: String) async throws(BrowserSignInError) -> CheckedIdentity {
        try await ProviderExchange(clock: ManualClock(TestServer.start)).checkIDToken(
            token, provider: .kakao, issuers: ["https://kauth.kakao.com"], vendor: .kakao, audience: kakaoAppKey,
            keys: StaticJWKSource(TestTokens.signer.keySet), nonce: nonce)
    }

    @Test func aKakaoIDTokenAsKakaoIssuesItIsAccepted() async throws {
        let identity = try await Self.check(try await TestTokens.make(Self.kakaoClaims()))
        #expect(identity == CheckedIdentity(subject: "3141592653", verifiedEmail: "mina@example.com"))
        // Kakao vouches for an address only with email_verified: without it, no address to link by.
        let unverified = try await Self.check(try await TestTokens.make(Self.kakaoClaims(["email_verified": false])))
        #expect(unverified.verifiedEmail == nil)
    }

    /// A claim changed to a wrong value, and the words the refusal says it with.
    enum WrongClaim: String, CaseIterable, Sendable {
        case audience, issuer, nonce, expiry

        var change: [String: Any] {
            switch self {
            case .audience: ["aud": "another-app"]
            case .issuer: ["iss": "https://accounts.kakao.example"]
            case .nonce: ["nonce": "replayed-nonce"]
            case .expiry: ["exp": Int(TestServer.start.timeIntervalSince1970) - 3600]
            }
        }

        var said: String {
            switch self {
            case .audience: "another client"
            case .issuer: "issued by 'https://accounts.kakao.example'"
            case .nonce: "nonce"
            case .expiry: "expired"
            }
        }
    }

    @Test(arguments: WrongClaim.allCases)
    func aKakaoIDTokenWithAWrongClaimIsRefused(_ wrong: WrongClaim) async throws {
        let token = try await TestTokens.make(Self.kakaoClaims(wrong.change))
        await #expect {
            try await Self.check(token)
        } throws: { error in
            guard case let .providerRefused(.kakao, reason) = error as? BrowserSignInError else { return false }
            return reason.contains(wrong.said)
        }
    }

    @Test func aKakaoIDTokenWithoutANonceIsRefused() async throws {
        var claims = Self.kakaoClaims()
        claims["nonce"] = nil
        let token = try await TestTokens.make(claims)
        await #expect(throws: BrowserSignInError.self) { try await Self.check(token) }
    }

    @Test func aKakaoIDTokenSignedByAnotherKeyIsRefused() async throws {
        // Signed by a key Kakao does not publish, under the kid of one it does.
        let forged = try await TestTokens.make(Self.kakaoClaims(), signedBy: TestTokens.forger)
        await #expect {
            try await Self.check(forged)
        } throws: { error in
            error as? BrowserSignInError == .providerRefused(.kakao, IDTokenError.badSignature.message)
        }
        // And one that says HS256, or none.
        let hs256 = try await TestTokens.make(Self.kakaoClaims(), header: ["alg": "HS256", "kid": TestTokens.signer.kid])
        await #expect(throws: BrowserSignInError.self) { try await Self.check(hs256) }
        let unsigned = try TestTokens.unsigned(Self.kakaoClaims(), header: ["alg": "none"])
        await #expect(throws: BrowserSignInError.self) { try await Self.check(unsigned) }
    }

    @Test func naversProfileAPIRefusingTheAccessTokenRefusesTheSignIn() async throws {
        try await TestServer.devIdPApp().test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let exchange = ProviderExchange(client: client.http, clock: ManualClock(TestServer.start))
                let profile = client.origin + "/dev-idp/naver/v1/nid/me"
                await #expect {
                    try await exchange.profile(.naver, url: profile, accessToken: "not-a-token-naver-issued")
                } throws: { error in
                    guard case let .providerRefused(.naver, reason) = error as? BrowserSignInError else { return false }
                    return reason.contains("refused the access token (024")
                }
                // The page says so in both languages.
                let refusal = BrowserSignInPages.refused(.providerRefused(.naver, "its profile API refused the access token."))
                #expect(refusal.contains("네이버의 응답을 받아들일 수 없습니다") && refusal.contains("answer could not be accepted"))
            }
        }
    }
}
