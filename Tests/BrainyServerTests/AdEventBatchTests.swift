import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// A batch of ad events is judged in order, as if its events came one by one: a reward counts towards the next
/// event's daily cap, a token is redeemed once, and the same batch sent again gets the same verdicts. (On PostgreSQL
/// the batch is read, judged and written in a fixed number of statements: one statement per event took a batch of
/// 1,000 past the database deadline.)
@Suite struct AdEventBatchTests {
    @Test(arguments: StorageBackend.allCases)
    func oneBatchIsJudgedInOrderAsEventsSentOneByOneWouldBe(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            var served: [CachedAd] = []
            for _ in 0..<7 { served.append(try #require(try await client.ads(.rewarded, token: mina).ads.first)) }
            var unknown = AdEvent.completion("c8", of: served[6])
            unknown.adId = "no-such-ad"
            let batch: [AdEvent] = [
                .completion("c1", of: served[0]),
                .completion("c2", of: served[0]),  // the same token again, in the same batch
                AdEvent(id: "i1", kind: .impression, adId: served[1].id, token: served[1].token,
                        occurredAt: TestServer.start),
                .completion("c3", of: served[1]), .completion("c4", of: served[2]), .completion("c5", of: served[3]),
                .completion("c6", of: served[4]),
                .completion("c7", of: served[5]),  // the sixth reward of the day: past the cap of five
                AdEvent(id: "o1", kind: .open, adId: served[6].id, token: nil, occurredAt: TestServer.start),
                unknown,
            ]
            let granted = { (id: String, ad: CachedAd) in AdEventResult(id: id, accepted: true, rewardHints: ad.rewardHints) }
            let expected: [AdEventResult] = [
                granted("c1", served[0]), .refused("c2", .tokenUsed), AdEventResult(id: "i1", accepted: true),
                granted("c3", served[1]), granted("c4", served[2]), granted("c5", served[3]), granted("c6", served[4]),
                .refused("c7", .dailyCapReached), AdEventResult(id: "o1", accepted: true), .refused("c8", .unknownAd),
            ]
            #expect(try await client.upload(batch, token: mina) == expected)
            // Sent again (the device did not hear the answer): the same verdicts, nothing counted twice.
            #expect(try await client.upload(batch, token: mina) == expected)
            // The completion refused for the cap used its token up: not claimable another day.
            #expect(try await client.upload([.completion("c9", of: served[5])], token: mina) == [.refused("c9", .tokenUsed)])
            #expect(try await client.ads(.rewarded, token: mina).rewardsLeftToday == 0)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theLargestBatchIsAnsweredWholeAndOnlyOnce(_ backend: StorageBackend) async throws {
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let ad = try #require(try await client.ads(.rewarded, token: mina).ads.first)
            var batch = (0..<AdsController.maxEvents - 1).map {
                AdEvent(id: "i\($0)", kind: .impression, adId: ad.id, token: ad.token, occurredAt: TestServer.start)
            }
            batch.append(.completion("c", of: ad))
            let first = try await client.upload(batch, token: mina)
            #expect(first.count == AdsController.maxEvents)
            #expect(first.allSatisfy { $0.accepted })
            #expect(first.last == AdEventResult(id: "c", accepted: true, rewardHints: ad.rewardHints))
            #expect(try await client.upload(batch, token: mina) == first)
            #expect(try await client.ads(.rewarded, token: mina).rewardsLeftToday == 4)
        }
    }
}
