import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// The shell's ads: the quiz-end ad from the cache (offline), the caps on the device, every failure going on at once,
/// rewarded ads completed and skipped on the injected clock, and ads off in a script unless asked for.
@Suite struct AdsTests {
    let shell: ShellHarness

    init() throws {
        shell = try ShellHarness()
    }

    /// A session with ads on (as on a terminal, or with `--ads on`), signed in as the guest.
    private func session(ads: Bool = true, qa: Bool = true, config: AdsConfig? = nil) throws -> ShellSession {
        let session = shell.session(qa: qa)
        var options = session.options
        options.adsEnabled = ads
        let made = ShellSession(services: session.services, options: options, reader: PlainLineReader(lines: []),
                                console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        if let config { made.config.ads = config }
        try run(made, "login guest")
        return made
    }

    private func run(_ session: ShellSession, _ lines: String...) throws {
        for line in lines { _ = try session.execute(line) }
    }

    private func playOneQuiz(_ session: ShellSession) throws {
        try run(session, "mode mc", "category music", "start 1", "1", "next")
    }

    private func cache(_ ad: CachedAd, for session: ShellSession) throws {
        let user = try #require(session.flow.user)
        try shell.database.replaceCachedAds([ad], userId: user.id, placement: ad.placement, lang: ad.lang,
                                            now: ShellHarness.start)
    }

    static func quizEndAd(sponsor: String = "Acme Books", text: String = "Read more, quiz better.",
                          link: String = "https://example.com/books") -> CachedAd {
        CachedAd(id: "books-en", sponsor: sponsor, text: text, link: link, placement: .quizEnd, lang: "en",
                token: "token-\(UUID().uuidString)", expiresAt: ShellHarness.start + 48 * 3600)
    }

    static let everyQuiz = AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1)

    @Test func aFinishedQuizShowsTheCachedAdUnderTheSummaryOffline() throws {
        let session = try session(qa: false, config: Self.everyQuiz)
        try cache(Self.quizEndAd(sponsor: "Acme\u{1B}[31m Books\u{07}", text: "Read more,\u{1B}]0;pwned\u{07} quiz better."),
                  for: session)
        try playOneQuiz(session)
        let output = session.console.captured
        let summary = try #require(output.range(of: "Quiz result"))
        let card = try #require(output.range(of: "┌ Ad · Acme Books"))
        #expect(summary.upperBound < card.lowerBound)
        #expect(output.contains("│ Read more, quiz better."))
        #expect(output.contains("└ https://example.com/books"))
        #expect(!output.contains("\u{1B}"))
        #expect(session.flow.state == .finished)

        try run(session, "ad open")
        #expect(session.console.captured.hasSuffix("https://example.com/books\n"))
        let events = try shell.database.pendingAdEvents(userId: try #require(session.flow.user).id)
        #expect(events.map(\.kind) == [.impression, .open])
    }

    @Test func theCapsApplyOnTheDevice() throws {
        // The config's defaults: the first quiz of the day free, then one ad every third quiz.
        let session = try session(qa: false, config: AdsConfig())
        try cache(Self.quizEndAd(), for: session)
        var shown: [Bool] = []
        for _ in 1...4 {
            let before = session.console.captured.count
            try playOneQuiz(session)
            shown.append(String(session.console.captured.dropFirst(before)).contains("┌ Ad · "))
        }
        #expect(shown == [false, false, true, false])
    }

    @Test(arguments: ["none", "fail", "slow"])
    func everyFailureGoesOnAtOnceWithNoAdAndNoError(forced: String) throws {
        let session = try session(config: Self.everyQuiz)
        try run(session, "ads \(forced)")
        try playOneQuiz(session)
        // Not a wall clock (a loaded machine made 'ad watch' take 3.5 s once): a 'slow' fetch, which sleeps ten times
        // the bound, must have been cut off at the bound, so the shell went on without it.
        let cutOffAtQuizEnd = session.ads.slowFetchesCutOff
        #expect(cutOffAtQuizEnd == (forced == "slow" ? 1 : 0), "the quiz-end ad's fetch")
        try run(session, "ad watch")
        #expect(session.ads.slowFetchesCutOff == cutOffAtQuizEnd + (forced == "slow" ? 1 : 0), "the rewarded ad's")
        let output = session.console.captured
        #expect(!output.contains("┌ "))
        #expect(output.contains("No ad to watch right now"))
        #expect(session.flow.state == .finished)
    }

    @Test func aMalformedOrExpiredAdIsNotShown() throws {
        let session = try session(qa: false, config: Self.everyQuiz)
        try cache(Self.quizEndAd(link: "javascript:alert(1)"), for: session)
        try playOneQuiz(session)
        var expired = Self.quizEndAd(text: "")
        expired.expiresAt = ShellHarness.start - 1
        try cache(expired, for: session)
        try playOneQuiz(session)
        #expect(!session.console.captured.contains("┌ Ad"))
        #expect(session.flow.state == .finished)
    }

    @Test func aRewardedAdWatchedToItsEndGrantsItsHintOnTheClock() throws {
        let session = try session()
        try run(session, "ads ok", "ad watch")
        #expect(session.flow.state == .watchingAd)
        #expect(session.console.captured.contains("┌ Rewarded ad · Brainy"))
        #expect(session.console.captured.components(separatedBy: "⏱ 15s of the ad left").count == 2, "said once")
        shell.clock.advance(by: 5)
        try run(session, "state")
        #expect(session.console.captured.contains("⏱ 10s of the ad left"))
        #expect(session.flow.state == .watchingAd)
        shell.clock.advance(by: 10)
        try run(session, "help")
        #expect(session.flow.state == .home)
        #expect(session.flow.hintCredits == 4)
        #expect(session.console.captured.contains("Ad watched: 1 hint granted (you have 4 now)."))
        let user = try #require(session.flow.user)
        #expect(try shell.database.hintCredits(userId: user.id) == 4)
        let completion = try #require(try shell.database.pendingAdEvents(userId: user.id).last)
        #expect(completion.kind == .completion)
        #expect(completion.rewardHints == 1)
    }

    @Test(arguments: ["ad skip", "skip"])
    func aRewardedAdSkippedBeforeItsEndGivesNothing(line: String) throws {
        let session = try session()
        try run(session, "mode mc", "category music", "start 2", "ads ok", "ad watch")
        shell.clock.advance(by: 14)
        try run(session, line)
        #expect(session.flow.state == .question)
        #expect(session.flow.play?.answers.isEmpty == true)
        #expect(session.flow.hintCredits == 3)
        #expect(session.console.captured.contains("Ad skipped: no reward."))
        shell.clock.advance(by: 60)
        try run(session, "state")
        #expect(session.flow.hintCredits == 3)
    }

    /// Maintenance switched on while a rewarded ad runs waits for the ad's end, then takes effect; off again, the
    /// player is back where the ad began.
    @Test(arguments: [true, false])
    func maintenanceDuringARewardedAdTakesEffectWhenItEnds(watchedToTheEnd: Bool) throws {
        let session = try session(qa: true)
        try run(session, "mode mc", "category music", "start 2", "ads ok", "ad watch", "config maintenance on")
        #expect(session.flow.state == .watchingAd)
        if watchedToTheEnd {
            shell.clock.advance(by: 15)
            try run(session, "state")
            #expect(session.console.captured.contains("Ad watched: 1 hint granted (you have 4 now)."))
        } else {
            try run(session, "ad skip")
        }
        #expect(session.flow.state == .maintenance)
        #expect(session.console.captured.contains("The ad is over. The server is under maintenance"))
        try run(session, "config maintenance off")
        #expect(session.flow.state == .question)
        #expect(session.flow.play?.answers.isEmpty == true)
    }

    @Test func aHintWithNoCreditsOffersARewardedAd() throws {
        let session = try session()
        try run(session, "mode short", "category music", "start 4")
        for _ in 1...3 { try run(session, "hint", "skip") }
        try run(session, "hint")
        #expect(session.console.captured.contains("No hints left. Watch an ad for a hint? (ad watch)"))
        try run(session, "ads ok", "ad watch")
        shell.clock.advance(by: 15)
        try run(session, "hint")
        #expect(session.flow.hintCredits == 0)
        #expect(session.flow.play?.hintUsedOnCurrent == true)
    }

    @Test func aScriptShowsNoAdsUnlessAskedFor() throws {
        let session = try session(ads: false, config: Self.everyQuiz)
        try cache(Self.quizEndAd(), for: session)
        try run(session, "ads ok")
        try playOneQuiz(session)
        try run(session, "ad watch")
        #expect(!session.console.captured.contains("┌ "))
        #expect(session.console.captured.contains("Ads are off in this run (turn them on with --ads on)."))
        #expect(session.flow.state == .finished)
        #expect(throws: BrainyError.noHintCredits) {
            try run(session, "mode short", "category music", "start 4", "hint", "skip", "hint", "skip", "hint", "skip", "hint")
        }
    }
}
