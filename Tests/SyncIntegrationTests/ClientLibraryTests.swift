import BrainyClient
import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// The client library against the real server over TCP: accounts, tokens, content, results, leaderboard, and
/// Google sign-in through the development identity provider.
@Suite struct ClientLibraryTests {
    @Test func registersLogsInAndRotatesRefreshTokensWithReuseRevokingTheLogin() async throws {
        try await LiveServer.run { server in
            let api = server.api
            let registered = try await api.call(API.register, RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            #expect(registered.user.email == "mina@example.com")
            await #expect(throws: RemoteError.self) { try await api.call(API.register, RegisterRequest(email: "mina@example.com", password: "another one", consents: ConsentDocument.bundled.versions)) }
            let login = try await api.call(API.login, CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            let renewed = try await api.call(API.refresh, RefreshRequest(refreshToken: login.refreshToken))
            #expect(renewed.refreshToken != login.refreshToken)
            // The old refresh token again: refused, and the whole login with it.
            do throws(RemoteError) {
                _ = try await api.call(API.refresh, RefreshRequest(refreshToken: login.refreshToken))
                Issue.record("a used refresh token was accepted")
            } catch {
                #expect(error.status == 401)
            }
            do throws(RemoteError) {
                _ = try await api.call(API.refresh, RefreshRequest(refreshToken: renewed.refreshToken))
                Issue.record("the login survived the reuse of an old refresh token")
            } catch {
                #expect(error.status == 401)
            }
            // The sign-in of the registration is another login: untouched.
            _ = try await api.call(API.refresh, RefreshRequest(refreshToken: registered.refreshToken))
        }
    }

    @Test func locksTheAccountAfterTooManyWrongPasswordsAndSaysUntilWhen() async throws {
        try await LiveServer.run { server in
            _ = try await server.api.call(API.register, RegisterRequest(email: "lee@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            var last: RemoteError?
            var remaining: [Int?] = []
            for _ in 1...5 {
                do throws(RemoteError) {
                    _ = try await server.api.call(API.login, CredentialsRequest(email: "lee@example.com", password: "wrong password"))
                } catch {
                    last = error
                    if case let .server(_, _, _, _, left) = error { remaining.append(left) }
                }
            }
            // Each refusal says how many attempts are left; the fifth locks.
            #expect(remaining == [4, 3, 2, 1, nil])
            guard case let .server(status, code, _, lockedUntil, _)? = last else {
                Issue.record("no refusal: \(String(describing: last))")
                return
            }
            #expect(status == 423)
            #expect(code == "account_locked")
            #expect(lockedUntil == LiveServer.start.addingTimeInterval(15 * 60))
            // Even the right password waits for the lock to end.
            await #expect(throws: RemoteError.self) {
                try await server.api.call(API.login, CredentialsRequest(email: "lee@example.com", password: "correct horse"))
            }
            server.clock.advance(by: 16 * 60)
            _ = try await server.api.call(API.login, CredentialsRequest(email: "lee@example.com", password: "correct horse"))
        }
    }

    @Test func servesTheConfigAndPackByVersion() async throws {
        try await LiveServer.run { server in
            guard case let .fetched(config, etag) = try await server.api.fetch(API.config, ifNoneMatch: nil) else {
                Issue.record("no config")
                return
            }
            #expect(etag == "\"\(config.version)\"")
            guard case .notModified = try await server.api.fetch(API.config, ifNoneMatch: etag) else {
                Issue.record("an unchanged config was sent again")
                return
            }
            let version = try await server.api.call(API.packVersion)
            let pack = try await server.api.call(API.pack)
            #expect(pack.version == version.version)
            #expect(pack.questions.count > 900)
        }
    }

    @Test func uploadingTheSameResultsTwiceNeverCountsThemTwiceAndAnotherAccountCannotTakeThem() async throws {
        try await LiveServer.run { server in
            let mina = try await server.api.call(API.register, RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            let batch = LiveServer.batch(quizId: "quiz-1", count: 5, correct: 4, at: LiveServer.start)
            let first = try await server.api.call(API.uploadResults, batch, accessToken: mina.accessToken)
            let second = try await server.api.call(API.uploadResults, batch, accessToken: mina.accessToken)
            #expect(first.accepted.count == 5)
            #expect(second.accepted.sorted() == first.accepted.sorted())
            let board = try await server.api.call(API.dailyLeaderboard, accessToken: mina.accessToken)
            #expect(board.you?.score == 4)
            #expect(board.entries.map(\.score) == [4])

            let joon = try await server.api.call(API.register, RegisterRequest(email: "joon@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            let taken = try await server.api.call(API.uploadResults, batch, accessToken: joon.accessToken)
            #expect(taken.accepted.isEmpty)
            #expect(Set(taken.rejected) == Set(batch.results.map(\.id) + ["quiz-1"]))
            #expect(try await server.api.call(API.dailyLeaderboard, accessToken: joon.accessToken).you == nil)
            // Without a token, or with a forged one: 401.
            do throws(RemoteError) {
                _ = try await server.api.call(API.uploadResults, batch, accessToken: mina.accessToken + "x")
                Issue.record("a forged access token was accepted")
            } catch {
                #expect(error.status == 401)
            }
        }
    }

    @Test func signsInWithGoogleThroughTheDevelopmentIdentityProvider() async throws {
        try await LiveServer.run { server in
            let api = server.api
            let offered = try await api.call(API.socialProviders)
            let google = try #require(offered.providers.first { $0.provider == .google })
            #expect(google.development)
            let device = try await api.startDeviceAuthorization(google)
            let pending = try await api.pollDeviceToken(google, deviceCode: device.deviceCode)
            #expect(pending.error == "authorization_pending")
            try await LiveServer.approve(userCode: device.userCode, email: "sora@example.com", port: server.port)
            let token = try #require(try await api.pollDeviceToken(google, deviceCode: device.deviceCode).idToken)
            let signedIn = try await api.call(API.socialSignIn, SocialSignInRequest(provider: .google, idToken: token))
            #expect(signedIn.user.provider == .google)
            #expect(signedIn.user.email == "sora@example.com")

            // The same token with its claims changed: the signature no longer matches.
            let parts = token.split(separator: ".").map(String.init)
            var claims = try #require(try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1])) as? [String: Any])
            claims["email"] = "mallory@example.com"
            let forged = [parts[0], Base64URL.encode(try JSONSerialization.data(withJSONObject: claims)), parts[2]]
                .joined(separator: ".")
            do throws(RemoteError) {
                _ = try await api.call(API.socialSignIn, SocialSignInRequest(provider: .google, idToken: forged))
                Issue.record("a forged ID token was accepted")
            } catch {
                #expect(error.status == 401)
                #expect(error.code == "invalid_id_token")
            }
            // A genuine token once it has expired.
            let later = try await api.startDeviceAuthorization(google)
            try await LiveServer.approve(userCode: later.userCode, email: "sora@example.com", port: server.port)
            let expiring = try #require(try await api.pollDeviceToken(google, deviceCode: later.deviceCode).idToken)
            server.clock.advance(by: 30 * 60)
            do throws(RemoteError) {
                _ = try await api.call(API.socialSignIn, SocialSignInRequest(provider: .google, idToken: expiring))
                Issue.record("an expired ID token was accepted")
            } catch {
                #expect(error.code == "invalid_id_token")
            }
        }
    }

    @Test func fetchesAdsAndHasARewardedCompletionVerifiedOnce() async throws {
        try await LiveServer.run { server in
            let mina = try await server.api.call(API.register, RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            let first = try await server.api.call(API.ads, query: API.adsQuery(.quizEnd, lang: "ko", quizzesToday: 1, count: 1), accessToken: mina.accessToken)
            #expect(first.ads.isEmpty)
            #expect(first.reason == .firstQuizOfDay)
            let third = try await server.api.call(API.ads, query: API.adsQuery(.quizEnd, lang: "ko", quizzesToday: 3, count: 1), accessToken: mina.accessToken)
            #expect(third.ads.map(\.lang) == ["ko"])

            let rewarded = try await server.api.call(API.ads, query: API.adsQuery(.rewarded, lang: "en", quizzesToday: nil, count: 2), accessToken: mina.accessToken)
            #expect(rewarded.ads.count == 2)
            #expect(rewarded.ads.allSatisfy { $0.lang == "en" && $0.rewardHints != nil && $0.durationSeconds != nil })
            let ad = try #require(rewarded.ads.first)
            let events = AdEventsRequest(events: [
                AdEvent(id: "ev-1", kind: .impression, adId: ad.id, token: ad.token, occurredAt: LiveServer.start),
                AdEvent(id: "ev-2", kind: .completion, adId: ad.id, token: ad.token, occurredAt: LiveServer.start),
                AdEvent(id: "ev-3", kind: .completion, adId: ad.id, token: ad.token, occurredAt: LiveServer.start),
            ])
            let verdicts = try await server.api.call(API.adEvents, events, accessToken: mina.accessToken)
            #expect(verdicts.results == [AdEventResult(id: "ev-1", accepted: true),
                                         AdEventResult(id: "ev-2", accepted: true, rewardHints: ad.rewardHints),
                                         AdEventResult(id: "ev-3", accepted: false, reason: .tokenUsed)])
            // Sent again after a lost answer: the same verdicts.
            #expect(try await server.api.call(API.adEvents, events, accessToken: mina.accessToken) == verdicts)

            let joon = try await server.api.call(API.register, RegisterRequest(email: "joon@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            let other = rewarded.ads[1]
            let stolen = AdEventsRequest(events: [AdEvent(id: "ev-4", kind: .completion, adId: other.id, token: other.token,
                                                          occurredAt: LiveServer.start)])
            #expect(try await server.api.call(API.adEvents, stolen, accessToken: joon.accessToken).results.first?.reason
                == .notYourToken)
        }
    }

    @Test func aServerThatIsNotThereIsUnreachableNotAnError() async throws {
        // Port 1 (tcpmux) is closed on any machine that runs these tests.
        let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:1", timeout: 5)
        do throws(RemoteError) {
            _ = try await api.call(API.packVersion)
            Issue.record("a closed port answered")
        } catch {
            guard case .unreachable = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
        }
    }
}

enum Base64URL {
    static func decode(_ text: String) -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64) ?? Data()
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
