import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Browser sign-in against `--dev-idp`: the shell starts a session and polls; the browser opens the link, goes to
/// the provider, approves or denies, and comes back; the server checks what came back as each provider documents.
@Suite struct BrowserSignInTests {
    static let cases = BrowserSignInProvider.allCases.flatMap { provider in
        StorageBackend.allCases.map { (provider, $0) }
    }

    @Test(arguments: cases)
    func eachProviderSignsInThroughTheBrowser(_ provider: BrowserSignInProvider, _ backend: StorageBackend)
        async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(backend: backend, clock: clock).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                // Given a shell that started a sign-in and polls before anything happened in the browser...
                let started = try await client.start(provider)
                #expect(started.userCode.wholeMatch(of: /[A-Z]{4}-[A-Z]{4}/) != nil)
                #expect(started.link == client.origin + "/v1/auth/browser?code=" + started.userCode)
                #expect(!started.link.contains(started.sessionId))
                #expect(started.interval == 5 && started.expiresIn == 600)
                #expect(try await client.poll(started).status == .pending)

                // ...when the person opens the link, goes to the provider (PKCE S256, state, nonce where the
                // provider has ID tokens) and approves...
                let authorize = try await client.authorize(started)
                let query = Dictionary(uniqueKeysWithValues: (authorize.queryItems ?? []).map { ($0.name, $0.value ?? "") })
                #expect(authorize.path == "/dev-idp/\(provider.rawValue)/authorize")
                #expect(query["code_challenge_method"] == "S256")
                #expect(query["code_challenge"]?.count == 43)
                #expect(query["state"]?.count == 43)
                #expect(query["redirect_uri"] == client.origin + "/v1/auth/browser/callback/\(provider.rawValue)")
                #expect((query["nonce"] != nil) == (provider != .naver))
                #expect((query["response_mode"] == "form_post") == (provider == .apple))
                let callback = try await client.decide(authorize, approve: true, email: "Mina@Example.com")
                #expect((callback.form != nil) == (provider == .apple))
                let landed = try await client.callBack(callback)
                #expect(landed.status == 200, "\(landed.body)")
                #expect(landed.body.contains("data-outcome=\"done\""))

                // ...then the next poll signs the shell in, once, with tokens like any sign-in's.
                clock.advance(by: 5)
                let done = try await client.poll(started)
                #expect(done.status == .done)
                let session = try #require(done.session)
                // A new account says which provider made it (Kakao's and Naver's too, not `email`).
                #expect(session.user.provider == provider.accountProvider)
                #expect(session.user.provider.rawValue == provider.rawValue)
                if provider == .naver {
                    // Naver vouches for no email: an account of its own, never linked by address.
                    #expect(session.user.email?.hasSuffix("@users.brainy.invalid") == true)
                    // Named by the nickname Naver's profile gives (the development IdP's: the email's local part).
                    #expect(session.user.displayName == "mina")
                } else {
                    #expect(session.user.email == "mina@example.com")
                }
                // A first sign-in that made the account: its data waits for the terms and privacy policy (ConsentTests).
                #expect(session.consentRequired == ConsentDocument.bundled.versions)
                #expect(try await client.get("/v1/leaderboard/daily", bearer: session.accessToken).status == 403)
                clock.advance(by: 5)
                #expect(try await client.poll(started).status == .expired)

                // A second sign-in of the same person reaches the same account.
                let again = try await client.start(provider)
                _ = try await client.callBack(try await client.decide(try await client.authorize(again), approve: true,
                                                                      email: "mina@example.com"))
                #expect(try await client.poll(again).session?.user.id == session.user.id)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeniedApprovalIsRefusedOnThePageAndInThePoll(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.kakao)
                let landed = try await client.callBack(try await client.decide(try await client.authorize(started),
                                                                               approve: false))
                #expect(landed.status == 403)
                #expect(landed.body.contains("카카오에서 로그인을 허용하지 않았습니다"))
                #expect(landed.body.contains("The sign-in was not allowed at Kakao"))
                let poll = try await client.poll(started)
                #expect(poll.status == .denied)
                #expect(poll.session == nil)
                #expect(poll.reason?.contains("not allowed at Kakao") == true)
            }
        }
    }

    /// The provider's `error` is outside text: the refusal page shows it escaped, never as markup.
    @Test func aProvidersHostileErrorIsShownEscapedOnThePage() async throws {
        try await TestServer.devIdPApp(backend: .sqlite).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.google)
                let authorize = try await client.authorize(started)
                let items = authorize.queryItems ?? []
                let state = try #require(items.first { $0.name == "state" }?.value)
                let redirect = try #require(items.first { $0.name == "redirect_uri" }?.value)
                var callback = try #require(URLComponents(string: redirect))
                callback.queryItems = [URLQueryItem(name: "state", value: state),
                                       URLQueryItem(name: "error", value: "<script>alert(1)</script>\u{1B}]52;c;x\u{07}")]
                let url = try #require(callback.string)
                let landed = try await client.callBack((url, nil))
                #expect(landed.status == 403)
                #expect(!landed.body.contains("<script>alert"), "\(landed.body)")
                #expect(landed.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(landed.body)")
                #expect(try await client.poll(started).status == .denied)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredSessionIsRefusedOnThePageAndInThePoll(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(backend: backend, clock: clock).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                // A link opened too late...
                let late = try await client.start(.naver)
                // ...and a sign-in approved in time whose browser came back too late.
                let slow = try await client.start(.google)
                let callback = try await client.decide(try await client.authorize(slow), approve: true)
                clock.advance(by: 601)
                let page = try await client.get(late.link)
                #expect(page.status == 410)
                #expect(page.body.contains("로그인 시간이 지났습니다") && page.body.contains("This sign-in has expired"))
                #expect(try await client.poll(late).status == .expired)
                let landed = try await client.callBack(callback)
                #expect(landed.status == 410)
                #expect(landed.body.contains("This sign-in has expired"))
                #expect(try await client.poll(slow).status == .expired)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aReplayedCallbackIsRefused(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.google)
                let callback = try await client.decide(try await client.authorize(started), approve: true)
                #expect(try await client.callBack(callback).status == 200)
                let replayed = try await client.callBack(callback)
                #expect(replayed.status == 400)
                #expect(replayed.body.contains("재전송된 콜백") && replayed.body.contains("a replayed callback"))
                // The sign-in it replayed stands: the shell gets its tokens.
                #expect(try await client.poll(started).status == .done)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aForgedStateIsRefusedAndLeavesTheRealSignInWaiting(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.kakao)
                let callback = try await client.decide(try await client.authorize(started), approve: true)
                var forged = try #require(URLComponents(string: callback.url))
                forged.queryItems = forged.queryItems?.map { item in
                    item.name == "state" ? URLQueryItem(name: "state", value: "forged-" + (item.value ?? "")) : item
                }
                let forgedURL = try #require(forged.string)
                let refused = try await client.get(forgedURL)
                #expect(refused.status == 400)
                #expect(refused.body.contains("state가 맞지 않음") && refused.body.contains("its state does not match"))
                // Without a state at all, likewise; and a forged state on Apple's form_post.
                #expect(try await client.get("/v1/auth/browser/callback/kakao?code=x").status == 400)
                #expect(try await client.postForm("/v1/auth/browser/callback/apple", ["state": "nope", "code": "x"]).status
                        == 400)
                // The real sign-in still waits for its own callback, which then finishes it.
                #expect(try await client.poll(started).status == .pending)
                #expect(try await client.callBack(callback).status == 200)
            }
        }
    }

    @Test func theTokenEndpointChecksTheVerifierTheRedirectURIAndTheClient() async throws {
        try await TestServer.devIdPApp().test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.kakao)
                let callback = try await client.decide(try await client.authorize(started), approve: true)
                let query = Dictionary(uniqueKeysWithValues: (URLComponents(string: callback.url)?.queryItems ?? [])
                    .map { ($0.name, $0.value ?? "") })
                let code = try #require(query["code"])
                let good = ["grant_type": "authorization_code", "code": code, "client_id": "brainy-dev-kakao",
                            "client_secret": "brainy-dev-kakao-secret",
                            "redirect_uri": client.origin + "/v1/auth/browser/callback/kakao",
                            "code_verifier": String(repeating: "a", count: 43)]
                let wrongVerifier = try await client.postForm("/dev-idp/kakao/token", good)
                #expect(wrongVerifier.status == 400)
                #expect(try wrongVerifier.decode(DeviceTokenResponse.self).error == "invalid_grant")
                #expect(wrongVerifier.body.contains("PKCE"))
                var wrongRedirect = good
                wrongRedirect["redirect_uri"] = "http://evil.example/v1/auth/browser/callback/kakao"
                #expect(try await client.postForm("/dev-idp/kakao/token", wrongRedirect).decode(DeviceTokenResponse.self)
                    .error == "invalid_grant")
                var wrongSecret = good
                wrongSecret["client_secret"] = "guess"
                #expect(try await client.postForm("/dev-idp/kakao/token", wrongSecret).status == 401)
                var otherProvider = good
                otherProvider["client_id"] = "brainy-dev-naver"
                #expect(try await client.postForm("/dev-idp/naver/token", otherProvider).status == 400)
                // The server itself exchanged nothing yet: the right callback still signs in.
                #expect(try await client.callBack(callback).status == 200)
            }
        }
    }

    @Test func theAuthorizePageRefusesARequestWithoutPKCEOrWithAForeignRedirect() async throws {
        try await TestServer.devIdPApp().test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.google)
                let authorize = try await client.authorize(started)
                for (name, value) in [("code_challenge_method", "plain"), ("redirect_uri", "http://evil.example/cb"),
                                      ("client_id", "someone-else")] {
                    var changed = authorize
                    changed.queryItems = authorize.queryItems?.map { $0.name == name ? URLQueryItem(name: name, value: value) : $0 }
                    let changedURL = try #require(changed.string)
                    #expect(try await client.get(changedURL).status == 400, "\(name)")
                }
            }
        }
    }
}
