import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// The shell's ads against the real server: the cache filled at sync and shown offline within the caps, a rewarded
/// ad's completion confirmed once and a refused one taken back, and ad events sent again without being counted twice.
@Suite struct AdSyncTests {
    /// Registers on the server: the two password lines, then "y" accepting the terms and privacy policy shown.
    static let register = ["register mina@example.com", "correct horse", "correct horse", "y"]

    @Test func syncFillsTheCacheAndTheAdsShowOfflineWithinTheCaps() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.ads = true
            let online = await shell.run(Self.register + ["sync"])
            #expect(online.status == 0, "\(online.output)")

            // Offline now: the ads come from the cache, the first quiz of the day free, then every third.
            shell.serverURL = nil
            let offline = await shell.run((1...3).flatMap { _ in ShellScript.playQuiz(count: 1) } + ["ad open"])
            #expect(offline.status == 0, "\(offline.output)")
            let cards = offline.output.components(separatedBy: "┌ Ad · ").count - 1
            #expect(cards == 1, "\(offline.output)")
            #expect(offline.output.contains("\n└ https://"))
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingAdEvents(userId: user.id).map(\.kind) == [.impression, .open])

            // Back online, the events go up once.
            shell.serverURL = server.api.baseURL
            let sent = await shell.run(["sync", "sync"])
            #expect(sent.output.contains("2 ad events sent"), "\(sent.output)")
            #expect(sent.output.components(separatedBy: "ad events sent").count == 2)
            #expect(try shell.database.pendingAdEvents(userId: user.id).isEmpty)
        }
    }

    @Test func aRewardedAdIsConfirmedAtSyncAndAReplayedTokenIsTakenBack() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.ads = true
            shell.qa = true
            let watched = await shell.run(Self.register + ["sync", "ad watch", "clock advance 1m", "sync"])
            #expect(watched.status == 0, "\(watched.output)")
            #expect(watched.output.contains("┌ Rewarded ad · "))
            #expect(watched.output.contains("granted"))
            #expect(watched.output.contains("(1 reward confirmed)"), "\(watched.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            let credits = try shell.database.hintCredits(userId: user.id)
            #expect(credits > 3)

            // The same token redeemed again (a replayed completion): refused, and the hint taken back.
            let login = try await server.api.call(API.login, CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            let ads = try await server.api.call(API.ads, query: API.adsQuery(.rewarded, lang: "en", quizzesToday: nil, count: 1), accessToken: login.accessToken)
            let ad = try #require(ads.ads.first)
            try await confirmOnServer(ad, server: server, token: login.accessToken)
            try shell.database.recordAdEvent(AdEventRecord(
                id: UUID().uuidString, userId: user.id, kind: .completion, adId: ad.id, sponsor: ad.sponsor,
                token: ad.token, occurredAt: LiveServer.start + 120, rewardHints: 1))
            #expect(try shell.database.hintCredits(userId: user.id) == credits + 1)
            let refused = await shell.run(["sync"])
            #expect(refused.output.contains(
                "The server did not confirm the reward for the ad '\(ad.sponsor)' (that reward was already given): 1 hint taken back."),
                "\(refused.output)")
            #expect(try shell.database.hintCredits(userId: user.id) == credits)
            #expect(try shell.database.pendingAdEvents(userId: user.id).isEmpty)
        }
    }

    @Test func aForgedRewardIsTakenBackAndTheFlowKnows() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.ads = true
            shell.qa = true
            let result = await shell.run(Self.register + ["ads ok", "ad watch", "clock advance 20s", "sync", "profile"])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("The server did not confirm the reward for the ad 'Brainy' (the server does not know that ad): 1 hint taken back."),
                    "\(result.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.hintCredits(userId: user.id) == 3)
        }
    }

    @Test func eventsSentAgainAfterALostAnswerAreCountedOnce() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.ads = true
            shell.qa = true
            _ = await shell.run(Self.register + ["sync", "ad watch", "clock advance 1m"])
            // The server takes the events but its answer never arrives.
            shell.wrap = { losesAdEventAnswers($0) }
            let lost = await shell.run(["sync"])
            #expect(!lost.output.contains("ad event"))
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingAdEvents(userId: user.id).count == 2)
            let credits = try shell.database.hintCredits(userId: user.id)
            #expect(credits > 3)
            shell.wrap = { $0 }
            let again = await shell.run(["sync"])
            #expect(again.output.contains("2 ad events sent (1 reward confirmed)"), "\(again.output)")
            #expect(!again.output.contains("did not confirm"))
            #expect(try shell.database.pendingAdEvents(userId: user.id).isEmpty)
            #expect(try shell.database.hintCredits(userId: user.id) == credits)
        }
    }

    private func confirmOnServer(_ ad: CachedAd, server: LiveServer.Context, token: String) async throws {
        let response = try await server.api.call(API.adEvents, AdEventsRequest(events: [ AdEvent(id: UUID().uuidString, kind: .completion, adId: ad.id, token: ad.token, occurredAt: LiveServer.start + 60), ]), accessToken: token)
        #expect(response.results.first?.accepted == true)
    }
}

/// The real client, whose ad-event uploads reach the server but whose answers are lost on the way back.
func losesAdEventAnswers(_ inner: any RemoteAPI) -> any RemoteAPI {
    ForwardingRemoteAPI(inner: inner).replacing(API.adEvents) { inner, call throws(RemoteError) in
        _ = try await inner.send(call)
        throw .unreachable("connection reset by peer")
    }
}
