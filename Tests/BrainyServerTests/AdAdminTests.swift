import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The ad administration: the admin token, adding, pausing, the report, and the bundled house ads.
@Suite struct AdAdminTests {
    static let adminRoutes: [(HTTPRequest.Method, String)] = [
        (.get, "/v1/ads/house"), (.post, "/v1/ads/house"), (.post, "/v1/ads/house/end-en-1/pause"),
        (.post, "/v1/ads/house/end-en-1/resume"), (.get, "/v1/ads/report"),
    ]

    @Test(arguments: StorageBackend.allCases)

    func everyAdminRouteNeedsTheAdminToken(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let player = try await client.register("mina@example.com").accessToken
            for (method, uri) in Self.adminRoutes {
                let none = try await client.admin(method, uri, token: nil)
                #expect(none.status == .unauthorized, "\(method) \(uri)")
                let asPlayer = try await client.admin(method, uri, token: player)
                #expect(asPlayer.status == .forbidden, "\(method) \(uri)")
                #expect(asPlayer.error?.code == "not_admin")
                let wrong = try await client.admin(method, uri, token: AdsFixture.adminToken + "x")
                #expect(wrong.status == .forbidden, "\(method) \(uri)")
            }
            #expect(try await client.admin(.get, "/v1/ads/house").status == .ok)
        }
        // A server started without an admin token has no administration at all.
        try await AdsFixture.app(backend: backend, adminToken: nil).test(.router) { client in
            for (method, uri) in Self.adminRoutes {
                let response = try await client.admin(method, uri)
                #expect(response.status == .forbidden, "\(method) \(uri)")
                #expect(response.error?.code == "admin_disabled")
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func anAdminAddsListsPausesAndResumesHouseAds(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let new = AdsFixture.ad("reward-ko-1", .rewarded, lang: "KO", rewardHints: 3)
            let added = try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(new))
            #expect(added.status == .created)
            #expect(try added.decode(HouseAd.self).lang == "ko")
            let again = try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(new))
            #expect(again.status == .conflict)
            #expect(again.error?.code == "ad_exists")

            var noDuration = AdsFixture.ad("reward-ko-2", .rewarded, lang: "ko")
            noDuration.durationSeconds = nil
            var rewardAtQuizEnd = AdsFixture.ad("end-ko-3", lang: "ko")
            rewardAtQuizEnd.rewardHints = 1
            var badLink = AdsFixture.ad("end-ko-4", lang: "ko")
            badLink.link = "javascript:alert(1)"
            for bad in [noDuration, rewardAtQuizEnd, badLink, AdsFixture.ad("bad id!"), AdsFixture.ad("heavy", weight: 0)] {
                let response = try await client.admin(.post, "/v1/ads/house", body: try JSON.encoder.encode(bad))
                #expect(response.status == .badRequest, "\(bad.id)")
            }
            let missingField = try await client.admin(.post, "/v1/ads/house", body: Data(#"{"id": "x"}"#.utf8))
            #expect(missingField.status == .badRequest)

            let paused = try await client.admin(.post, "/v1/ads/house/reward-ko-1/pause").decode(HouseAd.self)
            #expect(paused.paused)
            let list = try await client.admin(.get, "/v1/ads/house").decode(HouseAdsResponse.self)
            #expect(list.ads.map(\.id) == (AdsFixture.houseAds.map(\.id) + ["reward-ko-1"]).sorted())
            #expect(list.ads.first { $0.id == "reward-ko-1" }?.paused == true)
            #expect(try await client.admin(.post, "/v1/ads/house/reward-ko-1/resume").decode(HouseAd.self).paused == false)
            let unknown = try await client.admin(.post, "/v1/ads/house/no-such-ad/pause")
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "unknown_ad")
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theReportCountsWhatEachAdCameTo(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, ads: [AdsFixture.ad("reward-a", .rewarded), AdsFixture.ad("reward-b", .rewarded)])
            .test(.router) { client in
                let mina = try await client.register("mina@example.com").accessToken
                let joon = try await client.register("joon@example.com").accessToken
                let served = try await client.ads(.rewarded, token: mina, count: 2).ads
                let a = try #require(served.first { $0.id == "reward-a" })
                let b = try #require(served.first { $0.id == "reward-b" })
                _ = try await client.ads(.rewarded, token: joon, count: 2)
                func event(_ id: String, _ kind: AdEventKind, _ ad: CachedAd) -> AdEvent {
                    AdEvent(id: id, kind: kind, adId: ad.id, token: ad.token, occurredAt: TestServer.start)
                }
                _ = try await client.upload([event("1", .impression, a), event("2", .open, a), event("3", .completion, a),
                                             event("4", .impression, b), event("5", .completion, b),
                                             event("6", .completion, b)], token: mina)
                _ = try await client.upload([event("7", .completion, a)], token: joon)

                let report = try await client.admin(.get, "/v1/ads/report").decode(AdReportResponse.self)
                #expect(report.ads == [
                    .init(id: "reward-a", sponsor: "Brainy", placement: .rewarded, lang: "en", paused: false, served: 2,
                          impressions: 1, opens: 1, completions: 2, rewardsGranted: 1, rewardsRefused: 1),
                    .init(id: "reward-b", sponsor: "Brainy", placement: .rewarded, lang: "en", paused: false, served: 2,
                          impressions: 1, opens: 0, completions: 2, rewardsGranted: 1, rewardsRefused: 1),
                ])
            }
    }

    @Test func theBundledHouseAdsKeepTheRulesAndAreSeededOnce() async throws {
        let bundled = try BundledHouseAds.load()
        #expect(bundled.count >= 12)
        #expect(Set(bundled.map(\.id)).count == bundled.count)
        for placement in AdPlacement.allCases {
            for lang in ["ko", "en"] {
                #expect(bundled.contains { $0.placement == placement && $0.lang == lang }, "\(placement) \(lang)")
            }
        }
        #expect(bundled.filter { $0.placement == .rewarded }.allSatisfy { $0.durationSeconds != nil && $0.rewardHints != nil })

        let database = try ServerDatabase.inMemory()
        try await database.seedHouseAds(bundled, at: TestServer.start)
        _ = try await database.setPaused(true, adId: bundled[0].id)
        try await database.seedHouseAds(bundled, at: TestServer.start)
        let stored = try await database.houseAds()
        #expect(stored.count == bundled.count)
        #expect(stored.first { $0.id == bundled[0].id }?.paused == true, "a paused ad stays paused at the next start")
    }
}
