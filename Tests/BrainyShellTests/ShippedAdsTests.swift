import BrainyAPI
import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// Requirement 7 for everyone who plays: a guest, or an account that never synced, sees the house ads shipped with
/// the program (`Resources/Ads/house-ads.json`), offline, with the config's caps; their events stay on the device and
/// a rewarded ad's reward is local, and says so. A player a server has given ads gets the server's, never these.
@Suite struct ShippedAdsTests {
    let shell: ShellHarness
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Ads/house-ads.json")

    init() throws {
        shell = try ShellHarness()
    }

    /// A session on the shipped config's caps with ads on (as on a terminal), the shipped ads' file, signed in as
    /// the guest; no server, nothing cached.
    private func session(language: Language = .en, seed: UInt64 = 5) throws -> ShellSession {
        let base = shell.session(qa: false)
        var services = base.services
        services.shippedAdsFile = Self.file
        var options = base.options
        options.adsEnabled = true
        options.seed = seed
        options.languageOverride = language
        let made = ShellSession(services: services, options: options, reader: PlainLineReader(lines: []),
                                console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
        made.config.ads = AdsConfig()
        try run(made, "login guest")
        return made
    }

    private func run(_ session: ShellSession, _ lines: String...) throws {
        for line in lines { _ = try session.execute(line) }
    }

    private func playOneQuiz(_ session: ShellSession) throws {
        try run(session, "mode mc", "category music", "start 1", "1", "next")
    }

    @Test func aGuestSeesAShippedAdAfterQuizzesWithTheConfigsCaps() throws {
        let session = try session()
        var shown: [Bool] = []
        for _ in 1...4 {
            let before = session.console.captured.count
            try playOneQuiz(session)
            shown.append(String(session.console.captured.dropFirst(before)).contains("┌ Ad · "))
        }
        // The first quiz of the day free, then one every third quiz (the shipped config).
        #expect(shown == [false, false, true, false])
        let ads = ShippedAds.load(from: Self.file).ads.filter { $0.placement == .quizEnd && $0.lang == "en" }
        #expect(ads.contains { session.console.captured.contains("│ " + $0.text) })
        // Its impression stays on the device: nothing waits to be sent to a server, no token was kept.
        let user = try #require(session.flow.user)
        #expect(try shell.database.pendingAdEvents(userId: user.id).isEmpty)
    }

    @Test(arguments: [Language.en, .ko])
    func aGuestWatchesAShippedRewardedAdInTheirLanguageAndIsToldTheRewardIsLocal(language: Language) throws {
        let session = try session(language: language)
        try run(session, "ad watch")
        #expect(session.flow.state == .watchingAd)
        let running = try #require(session.ads.watch)
        #expect(running.ad.lang == language.rawValue)
        #expect(running.ad.isShipped)
        let reward = running.reward
        shell.clock.advance(by: Double(try #require(running.ad.durationSeconds)))
        try run(session, "state")
        #expect(session.flow.state == .home)
        #expect(session.flow.hintCredits == 3 + reward)
        let user = try #require(session.flow.user)
        #expect(try shell.database.hintCredits(userId: user.id) == 3 + reward)
        #expect(session.console.captured.contains(language == .en
            ? "This ad ships with the program: its reward stays on this device, with no server to confirm it."
            : "이 광고는 프로그램에 들어 있는 광고입니다: 보상은 서버 확인 없이 이 기기에만 적용됩니다."))
        #expect(try shell.database.pendingAdEvents(userId: user.id).isEmpty, "no server is asked to confirm it")
    }

    @Test func theDailyCapOnRewardedAdsApplies() throws {
        let session = try session()
        for _ in 1...AdsConfig().rewardedDailyCap {
            try run(session, "ad watch")
            shell.clock.advance(by: 60)
            try run(session, "state")
        }
        let credits = session.flow.hintCredits
        try run(session, "ad watch")
        #expect(session.flow.state == .home)
        #expect(session.flow.hintCredits == credits)
        #expect(session.console.captured.contains("You have watched today's rewarded ads. Come back tomorrow."))
    }

    @Test func aPlayerAServerGaveAdsToGetsNoShippedAd() throws {
        let session = try session()
        let user = try #require(session.flow.user)
        try shell.database.saveRemoteTokens(RemoteTokens(server: "http://127.0.0.1:9", accessToken: "a", refreshToken: "r",
                                                         accountId: user.id), userId: user.id)
        try run(session, "ad watch")
        #expect(session.flow.state == .home)
        #expect(session.console.captured.contains("No ad to watch right now. Try again after 'sync'."))
    }

    @Test func theDrawFollowsTheWeightsWithinALanguageAndFallsBackToAnyLanguage() {
        let shipped = ShippedAds.load(from: Self.file)
        var generator = SeededGenerator(seed: 1)
        var counts: [String: Int] = [:]
        for _ in 0..<2000 {
            guard let ad = shipped.draw(.quizEnd, lang: "en", now: ShellHarness.start, using: &generator) else { continue }
            #expect(ad.lang == "en" && ad.placement == .quizEnd && ad.isWellFormed)
            counts[ad.id, default: 0] += 1
        }
        let english = shipped.ads.filter { $0.placement == .quizEnd && $0.lang == "en" && !$0.paused }
        #expect(Set(counts.keys) == Set(english.map(\.id)))
        // streak-en weighs 30 against music-pack-en's 10.
        #expect(counts["streak-en", default: 0] > 2 * counts["music-pack-en", default: 0])
        #expect(shipped.draw(.rewarded, lang: "fr", now: ShellHarness.start, using: &generator) != nil)
        #expect(ShippedAds.load(from: nil).draw(.rewarded, lang: "en", now: ShellHarness.start, using: &generator) == nil)
    }
}
