import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 24's smaller rules, each with a client that lies: control and invisible characters in ads, `null` for an
/// optional ad field, access tokens from the future, `/metrics` behind its token, and `--version`.
@Suite struct OperatorRulesTests {
    @Test(arguments: StorageBackend.allCases)
    func adsWithControlBidirectionalOrZeroWidthCharactersAreRefused(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let hostile: [(String, String)] = [
                ("escape", "\u{1B}[2J wipe"), ("bell", "ding\u{07}"), ("c1", "csi\u{9B}31m"),
                ("override", "safe \u{202E}txt.exe"), ("isolate", "a\u{2066}b"), ("zero-width", "pay\u{200B}pal"),
                ("bom", "\u{FEFF}hello"), ("newline", "two\nlines"),
            ]
            for (index, (name, text)) in hostile.enumerated() {
                var ad = AdsFixture.ad("bad-\(index)")
                ad.text = text
                let response = try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(ad))
                #expect(response.status == .badRequest, "\(name)")
                #expect(response.error?.message.contains("'text'") == true, "\(name)")
                var sponsored = AdsFixture.ad("bad-sponsor-\(index)")
                sponsored.sponsor = text
                #expect(try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(sponsored)).status
                        == .badRequest, "\(name)")
            }
            // Korean, emoji and ordinary punctuation pass.
            var fine = AdsFixture.ad("fine-1")
            fine.text = "오늘의 퀴즈 🎉 — \"Brainy\" (50% off)"
            #expect(try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(fine)).status == .created)
            let stored = try await client.admin(.get, "/v1/ads/house").decode(HouseAdsResponse.self).ads
            #expect(!stored.contains { $0.id.hasPrefix("bad-") })
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func nullForAnOptionalAdFieldIsRefusedAsTheSchemaSays(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            for field in ["rewardHints", "durationSeconds", "paused"] {
                let duration = field == "durationSeconds" ? "" : #""durationSeconds":15,"#
                let body = """
                    {"id":"null-\(field)","sponsor":"Brainy","text":"Hi.","link":"https://brainy.example.com/",
                     "placement":"rewarded","lang":"en","weight":1,\(duration)"\(field)":null}
                    """
                let response = try await client.admin(.post, "/v1/ads/house", body: Data(body.utf8))
                #expect(response.status == .badRequest, "\(field)")
                #expect(response.error?.message.contains(field) == true, "\(field)")
            }
            let leftOut = """
                {"id":"left-out","sponsor":"Brainy","text":"Hi.","link":"https://brainy.example.com/",
                 "placement":"rewarded","lang":"en","weight":1,"durationSeconds":15}
                """
            #expect(try await client.admin(.post, "/v1/ads/house", body: Data(leftOut.utf8)).status == .created)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anAccessTokenIssuedOrValidOnlyInTheFutureIsRefused(_ backend: StorageBackend) async throws {
        let secret = "a-kept-secret-of-enough-bytes"
        let now = Int(TestServer.start.timeIntervalSince1970)
        try await TestServer.app(backend: backend, secret: secret).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let tokens = AccessTokens(key: Array(secret.utf8), lifetime: 900)
            let login = try await tokens.verify(session.accessToken, now: TestServer.start).login
            func token(iat: Int, nbf: Int? = nil) async throws -> String {
                try await tokens.sign(.init(sub: session.user.id, sid: login, iat: iat, exp: now + 86_400, nbf: nbf))
            }
            for forged in [try await token(iat: now + 3_600), try await token(iat: now, nbf: now + 3_600)] {
                let response = try await client.get("/v1/results/summary", token: forged)
                #expect(response.status == .unauthorized)
                #expect(response.error?.code == "invalid_token")
            }
            // Within the leeway (another instance's clock a little ahead), it is accepted.
            #expect(try await client.get("/v1/results/summary", token: try await token(iat: now + 30, nbf: now + 30))
                    .status == .ok)
        }
    }

    @Test func metricsAnswerOnlyTheirTokenWhenOneIsSet() async throws {
        let token = "a-metrics-token-for-prometheus"
        let app = try await TestServer.app { arguments, _ in arguments.metricsToken = token }
        try await app.test(.router) { (client: any TestClientProtocol) async throws in
            #expect(try await client.get("/metrics").status == .unauthorized)
            #expect(try await client.get("/metrics", token: "a-guess-of-enough-bytes").status == .forbidden)
            #expect(try await client.get("/metrics", token: token).status == .ok)
            #expect(try await client.get("/health").status == .ok)
        }
        let parsed = try ServerArguments.parse(["--metrics-token", token], environment: [:])
        #expect(parsed.metricsToken == token)
        #expect(try ServerArguments.parse([], environment: ["BRAINY_METRICS_TOKEN": token]).metricsToken == token)
        #expect(throws: ServerArguments.UsageError.self) { try ServerArguments.parse(["--metrics-token", "short"], environment: [:]) }
    }

    @Test func versionAndTheTimeoutFlagsAreUnderstood() throws {
        #expect(try ServerArguments.parse(["--version"], environment: [:]).showVersion)
        let parsed = try ServerArguments.parse(["--database-timeout", "2.5", "--header-timeout", "5", "--body-timeout",
                                                "20", "--idle-timeout", "30"], environment: [:])
        #expect(parsed.databaseTimeout == 2.5)
        #expect(parsed.headerTimeout == 5)
        #expect(parsed.bodyTimeout == 20)
        #expect(parsed.idleTimeout == 30)
        for bad in [["--database-timeout", "0"], ["--database-timeout", "inf"], ["--body-timeout", "-1"],
                    ["--idle-timeout", "nan"], ["--header-timeout", "x"]] {
            #expect(throws: ServerArguments.UsageError.self, "\(bad)") { try ServerArguments.parse(bad, environment: [:]) }
        }
    }
}
