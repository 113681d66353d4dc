import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
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
        #expect(identity == CheckedIdentity(subject: "3141592653", verifiedEmail: "mina@example.com", name: "미나"))
        // Kakao vouches for an address only with email_verified: without it, no address to link by.
        let unverified = try await Self.check(try await TestTokens.make(Self.kakaoClaims(["email_verified": false])))
        #expect(unverified.verifiedEmail == nil)
    }

    /// A nickname no person chose: terminal escapes (a title change, a screen clear, a colour), a right-to-left
    /// override, and 10 KB in all.
    static let hostileNickname = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}미나" + String(repeating: "\u{1B}[31mA\u{9B}", count: 1700)

    static func expectCleaned(_ name: String?) {
        let name = name ?? ""
        #expect(Self.hostileNickname.utf8.count > 10_000)
        #expect(!name.isEmpty && name.count <= DisplayName.maxCharacters, "\(name.debugDescription)")
        #expect(name.unicodeScalars.allSatisfy { !EmailAddress.isForbidden($0) || $0 == " " }, "\(name.debugDescription)")
        #expect(name.hasPrefix("]0;owned[2J미나[31mA"), "\(name.debugDescription)")
    }

    @Test func aKakaoNicknameIsCarriedCleanedAndBounded() async throws {
        let hostile = try await Self.check(try await TestTokens.make(Self.kakaoClaims(["nickname": Self.hostileNickname])))
        Self.expectCleaned(hostile.name)
        // Nothing left once cleaned, or no nickname at all: no name (the account is named by the provider).
        let blank = try await Self.check(try await TestTokens.make(Self.kakaoClaims(["nickname": "\u{1B}\u{200B} \n"])))
        #expect(blank.name == nil)
        var claims = Self.kakaoClaims()
        claims["nickname"] = nil
        #expect(try await Self.check(try await TestTokens.make(claims)).name == nil)
    }

    /// Naver's profile API lying: a hostile nickname, beside a name, from a provider answering as Naver does.
    @Test func aNaverNicknameFromTheProfileAPIIsCleanedAndBounded() async throws {
        let router = Router()
        router.get("/v1/nid/me") { request, _ -> Response in
            let nickname = request.uri.queryParameters.get("nickname")
            var person: [String: Any] = ["id": "naver-77", "email": "mina@naver.com", "name": "김미나"]
            if nickname == "hostile" { person["nickname"] = Self.hostileNickname }
            if nickname == "blank" { person["nickname"] = "\u{1B}\u{200B} \u{07}" }
            let body = try JSONSerialization.data(withJSONObject: ["resultcode": "00", "message": "success",
                                                                   "response": person])
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let exchange = ProviderExchange(client: client.http, clock: ManualClock(TestServer.start))
                let url = client.origin + "/v1/nid/me"
                let hostile = try await exchange.profile(.naver, url: url + "?nickname=hostile", accessToken: "t")
                #expect(hostile.subject == "naver-77" && hostile.verifiedEmail == nil)
                Self.expectCleaned(hostile.name)
                // A nickname with nothing left once cleaned gives way to the person's name.
                let blank = try await exchange.profile(.naver, url: url + "?nickname=blank", accessToken: "t")
                #expect(blank.name == "김미나")
            }
        }
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
