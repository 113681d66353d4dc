import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The server-side verification of rewarded ads: each completion's token is checked before its reward stands.
@Suite struct RewardedAdTests {
    @Test(arguments: StorageBackend.allCases)
    func aCompletionIsRewardedOnceAndTheSameUploadAgainIsAnsweredTheSame(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ad = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            let completion = AdEvent.completion("c1", of: ad)
            let first = try await client.upload([completion], token: mina)
            #expect(first == [AdEventResult(id: "c1", accepted: true, rewardHints: ad.rewardHints)])
            // The device did not hear the answer and sends the same event again: the same answer, not a replay.
            #expect(try await client.upload([completion], token: mina) == first)
            // The same token under a new event id is a replay.
            #expect(try await client.upload([.completion("c2", of: ad)], token: mina) == [.refused("c2", .tokenUsed)])
            #expect(try await client.ads(.rewarded, token: mina).rewardsLeftToday == 4)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenServedBeforeItsAdWasPausedIsStillRedeemed(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ad = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            #expect(try await client.admin(.post, "/v1/ads/house/\(ad.id)/pause").status == .ok)
            #expect(try await client.upload([.completion("c1", of: ad)], token: mina).first?.accepted == true)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aForgedOrAlteredTokenIsRefused(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ad = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            let parts = ad.token.split(separator: ".").map(String.init)
            let claims = try JSONDecoder().decode(AdTokenClaims.self, from: try #require(Base64URL.decode(parts[1])))
            #expect(claims.adId == ad.id && claims.placement == .rewarded && claims.issueDate == TestServer.start)
            // Well formed, with the right claims, signed with another key.
            let forged = try await AdTokens(signingKey: Array("not-the-servers-key".utf8)).sign(claims)
            // The server's signature over other claims: another nonce.
            var other = claims
            other.nonce = "made-up-nonce"
            let altered = [parts[0], Base64URL.encode(try JSONEncoder().encode(other)), parts[2]].joined(separator: ".")
            var missing = AdEvent.completion("c4", of: ad)
            missing.token = nil
            let results = try await client.upload([
                AdEvent(id: "c1", kind: .completion, adId: ad.id, token: forged, occurredAt: TestServer.start),
                AdEvent(id: "c2", kind: .completion, adId: ad.id, token: altered, occurredAt: TestServer.start),
                AdEvent(id: "c3", kind: .completion, adId: ad.id, token: "garbage", occurredAt: TestServer.start),
                missing,
            ], token: mina)
            #expect(results == [.refused("c1", .invalidToken), .refused("c2", .invalidToken),
                                .refused("c3", .invalidToken), .refused("c4", .missingToken)])
            // None of it used the genuine token up.
            #expect(try await client.upload([.completion("c5", of: ad)], token: mina).first?.accepted == true)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anotherUsersTokenIsRefusedAndStaysTheirs(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let joon = try await client.register("joon@example.com").accessToken
            let minas = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            #expect(try await client.upload([.completion("j1", of: minas)], token: joon) == [.refused("j1", .notYourToken)])
            #expect(try await client.upload([.completion("m1", of: minas)], token: mina).first?.accepted == true)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aTokenForAnotherAdOrAQuizEndAdGrantsNothing(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, config: AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let quizEnd = try #require(try await client.ads(.quizEnd, token: mina, quizzesToday: 1).ads.first)
            let rewarded = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            var otherAd = AdEvent.completion("c2", of: rewarded)
            otherAd.adId = "reward-en-9"
            var renamed = AdEvent.completion("c3", of: rewarded)
            renamed.adId = rewarded.id == "reward-en-1" ? "reward-en-2" : "reward-en-1"
            #expect(try await client.upload([.completion("c1", of: quizEnd), otherAd, renamed], token: mina)
                == [.refused("c1", .notRewarded), .refused("c2", .unknownAd), .refused("c3", .wrongAd)])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anExpiredTokenIsRefused(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await AdsFixture.app(backend: backend, clock: clock, config: AdsConfig(tokenLifetimeHours: 48)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ads = try await client.ads(.rewarded, token: mina, count: 2).ads
            clock.advance(by: 47 * 3_600)
            // The access token has expired meanwhile: sign in again.
            let later = try await client.post("/v1/auth/login", json: CredentialsRequest(email: "mina@example.com",
                                                                                          password: "correct horse"))
                .decode(AuthResponse.self).accessToken
            #expect(try await client.upload([.completion("c1", of: ads[0])], token: later).first?.accepted == true)
            clock.advance(by: 2 * 3_600)
            let expired = try await client.post("/v1/auth/login", json: CredentialsRequest(email: "mina@example.com",
                                                                                            password: "correct horse"))
                .decode(AuthResponse.self).accessToken
            #expect(try await client.upload([.completion("c2", of: ads[1])], token: expired) == [.refused("c2", .tokenExpired)])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func completionsPastTheDailyCapAreRefusedUntilTheNextDay(_ backend: StorageBackend) async throws {
        let clock = ManualClock(TestServer.start)
        try await AdsFixture.app(backend: backend, clock: clock, config: AdsConfig(rewardedDailyCap: 2)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            // At most as many as may still be rewarded; asked again (nothing granted yet), as many again.
            let first = try await client.ads(.rewarded, token: mina, count: 3)
            #expect(first.ads.count == 2)
            let third = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            let results = try await client.upload([.completion("c1", of: first.ads[0]), .completion("c2", of: first.ads[1]),
                                                   .completion("c3", of: third)], token: mina)
            #expect(results.map(\.accepted) == [true, true, false])
            #expect(results[2].reason == .dailyCapReached)
            let capped = try await client.ads(.rewarded, token: mina)
            #expect(capped.reason == .dailyCap)
            #expect(capped.rewardsLeftToday == 0)

            // The refused completion used its token up; the next day a new one is rewarded.
            clock.advance(by: 24 * 3_600)
            let session = try await client.post("/v1/auth/login", json: CredentialsRequest(email: "mina@example.com",
                                                                                            password: "correct horse"))
                .decode(AuthResponse.self).accessToken
            let tomorrow = try await client.ads(.rewarded, token: session)
            #expect(tomorrow.rewardsLeftToday == 2)
            let fresh = try #require(tomorrow.ads.first)
            #expect(try await client.upload([.completion("c4", of: third, at: clock.now()),
                                             .completion("c5", of: fresh, at: clock.now())], token: session)
                .map(\.accepted) == [false, true])
        }
    }

    @Test func aCompletionCountsOnTheDayItHappenedWithinItsTokensLife() {
        let policy = RewardPolicy(dailyCap: 2, defaultRewardHints: 1)
        let issued = TestServer.start // 06:00 UTC
        let now = issued.addingTimeInterval(30 * 3_600) // 12:00 UTC the next day
        #expect(policy.rewardDay(occurredAt: issued.addingTimeInterval(3_600), issuedAt: issued, now: now)
            == UTCDay.start(of: issued))
        // Before its token was issued, or in the future: kept within.
        #expect(policy.rewardDay(occurredAt: issued.addingTimeInterval(-86_400 * 3), issuedAt: issued, now: now)
            == UTCDay.start(of: issued))
        #expect(policy.rewardDay(occurredAt: now.addingTimeInterval(86_400 * 3), issuedAt: issued, now: now)
            == UTCDay.start(of: now))
    }

    @Test(arguments: StorageBackend.allCases)

    func eventsAreIdempotentByIdAndAnotherAccountsIdIsRefused(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, config: AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let joon = try await client.register("joon@example.com").accessToken
            let ad = try #require(try await client.ads(.quizEnd, token: mina, quizzesToday: 1).ads.first)
            let events = [
                AdEvent(id: "e1", kind: .impression, adId: ad.id, token: ad.token, occurredAt: TestServer.start),
                AdEvent(id: "e2", kind: .open, adId: ad.id, token: nil, occurredAt: TestServer.start),
                AdEvent(id: "e3", kind: .impression, adId: "no-such-ad", token: nil, occurredAt: TestServer.start),
            ]
            let first = try await client.upload(events, token: mina)
            #expect(first == [AdEventResult(id: "e1", accepted: true), AdEventResult(id: "e2", accepted: true),
                              .refused("e3", .unknownAd)])
            #expect(try await client.upload(events, token: mina) == first)
            #expect(try await client.upload([events[0]], token: joon) == [.refused("e1", .idTaken)])
            let report = try await client.admin(.get, "/v1/ads/report").decode(AdReportResponse.self)
            let entry = try #require(report.ads.first { $0.id == ad.id })
            #expect(entry.impressions == 1)
            #expect(entry.opens == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aBadBatchIs400Or413(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let event = AdEvent(id: "e1", kind: .impression, adId: "end-en-1", token: nil, occurredAt: TestServer.start)
            let twice = try await client.post("/v1/ads/events", json: AdEventsRequest(events: [event, event]), token: mina)
            #expect(twice.status == .badRequest)
            var empty = event
            empty.id = ""
            #expect(try await client.post("/v1/ads/events", json: AdEventsRequest(events: [empty]), token: mina).status
                == .badRequest)
            let many = (0...AdsController.maxEvents).map { index in
                AdEvent(id: "e\(index)", kind: .impression, adId: "end-en-1", token: nil, occurredAt: TestServer.start)
            }
            let tooMany = try await client.post("/v1/ads/events", json: AdEventsRequest(events: many), token: mina)
            #expect(tooMany.status == .contentTooLarge)
            #expect(try await client.post("/v1/ads/events", json: AdEventsRequest(events: [event])).status == .unauthorized)
        }
    }
}
