import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Serving house ads: caps, weights, pausing, languages.
@Suite struct AdsTests {
    @Test(arguments: StorageBackend.allCases)
    func noAdAfterTheFirstQuizOfTheDayThenAtMostOneEveryNQuizzes(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, config: AdsConfig(quizEndEvery: 3)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            var served: [Int] = []
            for quiz in 1...7 {
                let answer = try await client.ads(.quizEnd, token: mina, quizzesToday: quiz)
                #expect(answer.quizzesToday == quiz)
                if answer.ads.isEmpty {
                    #expect(answer.reason == (quiz == 1 ? .firstQuizOfDay : .frequencyCap), "quiz \(quiz)")
                } else {
                    #expect(answer.reason == nil)
                    served.append(quiz)
                }
            }
            #expect(served == [3, 6])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func theCapsFollowTheConfig(_ backend: StorageBackend) async throws {
        let everyQuiz = AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1)
        try await AdsFixture.app(backend: backend, config: everyQuiz).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            for quiz in 1...3 {
                #expect(try await client.ads(.quizEnd, token: mina, quizzesToday: quiz).ads.count == 1)
            }
        }
        let freeFirstThenEveryOther = AdsConfig(quizEndEvery: 2)
        try await AdsFixture.app(backend: backend, config: freeFirstThenEveryOther).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            var served: [Int] = []
            for quiz in 1...6 {
                if try await !client.ads(.quizEnd, token: mina, quizzesToday: quiz).ads.isEmpty { served.append(quiz) }
            }
            #expect(served == [2, 4, 6])
        }
        try await AdsFixture.app(backend: backend, config: AdsConfig(enabled: false)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            #expect(try await client.ads(.quizEnd, token: mina, quizzesToday: 3).reason == .disabled)
            #expect(try await client.ads(.rewarded, token: mina).reason == .disabled)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func quizzesUploadedTodayCountWhenTheDeviceSaysFewer(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, config: AdsConfig(quizEndEvery: 3)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            for quiz in 1...3 {
                let batch = quizBatch("q\(quiz)", correct: 1, count: 2, at: TestServer.start.addingTimeInterval(Double(quiz) * 60))
                _ = try await client.post("/v1/results", json: batch, token: mina)
            }
            // Yesterday's quiz is not today's.
            _ = try await client.post("/v1/results", json: quizBatch("q0", correct: 1, count: 2,
                                                                     at: TestServer.start.addingTimeInterval(-86_400)),
                                      token: mina)
            let counted = try await client.ads(.quizEnd, token: mina)
            #expect(counted.quizzesToday == 3)
            #expect(counted.ads.count == 1)
            // A device that knows of more (not synced yet) is believed.
            #expect(try await client.ads(.quizEnd, token: mina, quizzesToday: 4).quizzesToday == 4)
            #expect(try await client.ads(.quizEnd, token: mina, quizzesToday: 1).quizzesToday == 3)
        }
    }

    @Test func aDrawFollowsTheWeights() {
        let ads = [AdsFixture.ad("light", weight: 1), AdsFixture.ad("middle", weight: 3), AdsFixture.ad("heavy", weight: 6)]
        let random = ServerRandom(seed: 2026)
        var counts: [String: Int] = [:]
        let draws = 20_000
        for _ in 0..<draws {
            for ad in AdPicker.draw(ads, count: 1, random: random) { counts[ad.id, default: 0] += 1 }
        }
        for (id, share) in ["light": 0.1, "middle": 0.3, "heavy": 0.6] {
            let seen = Double(counts[id] ?? 0) / Double(draws)
            #expect(abs(seen - share) < 0.015, "\(id): \(seen)")
        }
        // The same seed draws the same ads.
        let again = ServerRandom(seed: 2026)
        let first = (0..<50).map { _ in AdPicker.draw(ads, count: 1, random: ServerRandom(seed: 9))[0].id }
        #expect(Set(first).count == 1)
        #expect(AdPicker.draw(ads, count: 3, random: again).map(\.id).sorted() == ["heavy", "light", "middle"])
    }

    @Test(arguments: StorageBackend.allCases)

    func aServerWithASeedServesTheSameAdsInTheSameOrder(_ backend: StorageBackend) async throws {
        func draws() async throws -> [String] {
            try await AdsFixture.app(backend: backend, config: AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1), seed: 11)
                .test(.router) { client in
                    let mina = try await client.register("mina@example.com").accessToken
                    var ids: [String] = []
                    for _ in 0..<20 { ids += try await client.ads(.quizEnd, token: mina, quizzesToday: 1).ads.map(\.id) }
                    return ids
                }
        }
        let first = try await draws()
        #expect(Set(first) == ["end-en-1", "end-en-2"])
        #expect(try await draws() == first)
    }

    @Test(arguments: StorageBackend.allCases)

    func pausedAdsAreNotServedUntilResumed(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            #expect(try await client.ads(.rewarded, token: mina, count: 10).ads.map(\.id).sorted()
                == ["reward-en-1", "reward-en-2", "reward-en-3"])
            #expect(try await client.admin(.post, "/v1/ads/house/reward-en-2/pause").status == .ok)
            for _ in 0..<10 {
                #expect(try await client.ads(.rewarded, token: mina, count: 5).ads.map(\.id).sorted()
                    == ["reward-en-1", "reward-en-3"])
            }
            _ = try await client.admin(.post, "/v1/ads/house/reward-en-1/pause")
            _ = try await client.admin(.post, "/v1/ads/house/reward-en-3/pause")
            #expect(try await client.ads(.rewarded, token: mina).reason == .noInventory)
            _ = try await client.admin(.post, "/v1/ads/house/reward-en-2/resume")
            #expect(try await client.ads(.rewarded, token: mina, count: 5).ads.map(\.id) == ["reward-en-2"])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func adsAreInTheLanguageAskedForElseEnglishElseAny(_ backend: StorageBackend) async throws {
        let koreanRewarded = AdsFixture.houseAds + [AdsFixture.ad("reward-ja", .rewarded, lang: "ja")]
        try await AdsFixture.app(backend: backend, ads: koreanRewarded, config: AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1))
            .test(.router) { client in
                let mina = try await client.register("mina@example.com").accessToken
                let korean = try await client.ads(.quizEnd, token: mina, lang: "ko", quizzesToday: 1, count: 10).ads
                #expect(korean.map(\.id).sorted() == ["end-ko-1", "end-ko-2"])
                #expect(korean.allSatisfy { $0.lang == "ko" })
                let american = try await client.ads(.quizEnd, token: mina, lang: "en-US", quizzesToday: 1, count: 10).ads
                #expect(american.map(\.id).sorted() == ["end-en-1", "end-en-2"])
                // No rewarded ad in Korean: English ones. None in French: English ones too.
                let fallback = try await client.ads(.rewarded, token: mina, lang: "ko", count: 10).ads
                #expect(fallback.allSatisfy { $0.lang == "en" } && fallback.count == 3)
                #expect(try await client.ads(.rewarded, token: mina, lang: "fr", count: 10).ads.allSatisfy { $0.lang == "en" })
                #expect(try await client.ads(.rewarded, token: mina, lang: "ja", count: 10).ads.map(\.id) == ["reward-ja"])
            }
        // With no English ad either, any language will do.
        try await AdsFixture.app(backend: backend, ads: [AdsFixture.ad("only-ko", .rewarded, lang: "ko")]).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            #expect(try await client.ads(.rewarded, token: mina, lang: "fr").ads.map(\.lang) == ["ko"])
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func aServedRewardedAdSaysItsRewardAndWhenItsTokenExpires(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend, config: AdsConfig(rewardHints: 3, tokenLifetimeHours: 24)).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ads = try await client.ads(.rewarded, token: mina, count: 10)
            #expect(ads.rewardsLeftToday == 5)
            let byId = Dictionary(uniqueKeysWithValues: ads.ads.map { ($0.id, $0) })
            #expect(byId["reward-en-1"]?.rewardHints == 2)
            #expect(byId["reward-en-2"]?.rewardHints == 3, "the config's reward for an ad that names none")
            #expect(byId["reward-en-2"]?.durationSeconds == 15)
            #expect(ads.ads.allSatisfy { $0.expiresAt == TestServer.start.addingTimeInterval(24 * 3_600) })
            #expect(Set(ads.ads.map(\.token)).count == 3)
            let quizEnd = try await client.ads(.quizEnd, token: mina, quizzesToday: 3)
            #expect(quizEnd.ads.first?.rewardHints == nil)
            #expect(quizEnd.rewardsLeftToday == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)

    func adsNeedSignInAndAWellFormedQuery(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            #expect(try await client.get("/v1/ads?placement=rewarded").status == .unauthorized)
            let mina = try await client.register("mina@example.com").accessToken
            for query in ["", "placement=banner", "placement=rewarded&count=0", "placement=rewarded&count=11",
                          "placement=quiz_end&quizzesToday=-1", "placement=quiz_end&quizzesToday=many",
                          "placement=rewarded&lang=1"] {
                let response = try await client.get("/v1/ads?\(query)", token: mina)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.error?.code == "bad_request")
            }
        }
    }
}
