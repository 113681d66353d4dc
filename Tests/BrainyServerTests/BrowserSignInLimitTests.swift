import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The browser sign-in's guards around the flow: the shell's polls at the interval, the limits per address, and the
/// flags a deployment sets.
@Suite struct BrowserSignInLimitTests {
    @Test(arguments: StorageBackend.allCases)
    func aPollSoonerThanTheIntervalIsToldToSlowDown(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(backend: backend, clock: clock).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.naver)
                #expect(try await client.poll(started).status == .pending)
                clock.advance(by: 1)
                #expect(try await client.poll(started).status == .slowDown)
                clock.advance(by: 5)
                #expect(try await client.poll(started).status == .pending)
                // A session id no one was given is answered as expired, not as someone's.
                let unknown = try await client.post(API.browserSignInPoll.route.path,
                                                    json: BrowserSignInPollRequest(sessionId: "guessed"))
                #expect(try unknown.decode(BrowserSignInPollResponse.self).status == .expired)
            }
        }
    }

    @Test func startsAndPollsAreLimitedPerAddress() async throws {
        try await TestServer.app { arguments, _ in
            arguments.devIdP = true
            arguments.rateLimits = RateLimits([.browserSignIn: RateLimit(count: 2, window: 600),
                                               .browserPoll: RateLimit(count: 3, window: 600)])
        }.test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.kakao)
                _ = try await client.start(.kakao)
                let third = try await client.post(API.browserSignInStart.route.path,
                                                  json: BrowserSignInStartRequest(provider: .kakao))
                #expect(third.status == 429)
                #expect(third.body.contains("rate_limited"))
                for _ in 0..<3 { _ = try await client.poll(started) }
                let fourth = try await client.post(API.browserSignInPoll.route.path,
                                                   json: BrowserSignInPollRequest(sessionId: started.sessionId))
                #expect(fourth.status == 429)
            }
        }
    }

    @Test func aProviderTheServerIsNotSetUpForIsRefused() async throws {
        try await TestServer.app().test(.router) { client in
            let refused = try await client.post(API.browserSignInStart.route.path,
                                                json: BrowserSignInStartRequest(provider: .kakao))
            #expect(refused.status == .badRequest)
            #expect(refused.error?.code == "provider_not_enabled")
        }
    }

    @Test func realProvidersComeFromFlagsAndTheEnvironmentAndNeedAPublicURL() throws {
        let parsed = try ServerArguments.parse(
            ["--public-url", "https://quiz.example.com/", "--kakao-client-id", "kakao-key", "--naver-client-id", "n-id",
             "--naver-client-secret", "n-secret"],
            environment: ["BRAINY_GOOGLE_WEB_CLIENT_ID": "g-web", "BRAINY_GOOGLE_WEB_CLIENT_SECRET": "g-secret"])
        #expect(parsed.publicURL == "https://quiz.example.com")
        #expect(parsed.kakaoClientId == "kakao-key" && parsed.kakaoClientSecret == nil)
        #expect(parsed.naverClientId == "n-id" && parsed.naverClientSecret == "n-secret")
        #expect(parsed.googleWebClientId == "g-web" && parsed.googleWebClientSecret == "g-secret")
        let browser = SocialSignIn.browserProviders(parsed, clock: ManualClock(TestServer.start), keys: { _ in nil })
        #expect(Set(browser.keys) == [.kakao, .naver, .google])
        #expect(browser[.kakao]?.redirectURI(origin: parsed.publicURL ?? "")
                == "https://quiz.example.com/v1/auth/browser/callback/kakao")
        #expect(browser[.naver]?.endpoints.profile == "https://openapi.naver.com/v1/nid/me")

        for bad in [["--kakao-client-id", "k"], ["--public-url", "ftp://x"], ["--public-url", "https://x?y=1"],
                    ["--public-url", "https://x", "--naver-client-id", "n"],
                    ["--public-url", "https://x", "--apple-client-secret", "jwt"],
                    ["--public-url", "https://x", "--google-web-client-secret", "s"]] {
            #expect(throws: ServerArguments.UsageError.self, "\(bad)") { try ServerArguments.parse(bad, environment: [:]) }
        }
        // With --dev-idp alone the Host a request came by stands in for the public URL.
        #expect(try ServerArguments.parse(["--dev-idp", "--kakao-client-id", "k"], environment: [:]).devIdP)
    }
}
