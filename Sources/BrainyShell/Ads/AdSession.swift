import BrainyAPI
import BrainyKit
import Foundation

/// The shell's ads: the quiz-end ad under the summary, the rewarded ad `ad watch` runs on the injected clock, and
/// `ad open`. Ads come from the cache filled at `sync` (so they show offline), else from the server within the
/// config's bound; QA's `ads` forces each case. An ad never raises an error and never holds the flow up.
final class AdSession {
    let console: Console
    private let repository: any BrainyRepository
    private let remote: RemoteSession
    /// Ads show on a terminal, and elsewhere only with `--ads on`.
    let isEnabled: Bool
    private let seed: UInt64?
    private let shippedAdsFile: URL?
    /// The time zone messages are given in: read when one is printed (reading the system's is a fifth of a start-up,
    /// and the ads are made before every command).
    private let timeZone: () -> TimeZone
    /// The flow (read, and fed the ad's start and end), the config in force and the clock, shared with the session.
    private let state: SessionState
    /// What times the bound of a fetch (`ShellServices.deadlineClock`).
    private let deadlineClock: any Clock<Duration>
    /// QA's `ads ok|none|fail|slow`.
    var forcing: AdForcing?
    /// How long QA's made-up rewarded ad runs (`ads ok SECONDS`).
    var forcedSeconds = AdSession.forcedAdSeconds
    static let forcedAdSeconds = 15
    /// How many of QA's slow fetches the bound cut off (the shell went on without them), for tests: that `ads slow`
    /// went on at the bound.
    private(set) var slowFetchesCutOff = 0
    /// The ad last shown, which `ad open` opens.
    private(set) var lastShown: CachedAd?
    /// The rewarded ad running, while the flow is `watchingAd`.
    private(set) var watch: AdWatch?
    /// The ads shipped with the program, read when one is first needed.
    private lazy var shipped = ShippedAds.load(from: shippedAdsFile)
    /// Draws among the shipped ads: seeded with the run's seed, apart from the quiz's draws (which stay the same
    /// whether an ad is drawn or not).
    private lazy var drawing: SeededGenerator = {
        var seeder = SystemRandomNumberGenerator()
        return SeededGenerator(seed: seed ?? seeder.next())
    }()

    init(console: Console, repository: any BrainyRepository, remote: RemoteSession, enabled: Bool, seed: UInt64?,
         shippedAdsFile: URL?, timeZone: @escaping () -> TimeZone, state: SessionState,
         deadlineClock: any Clock<Duration>) {
        self.console = console
        self.repository = repository
        self.remote = remote
        self.isEnabled = enabled
        self.seed = seed
        self.shippedAdsFile = shippedAdsFile
        self.timeZone = timeZone
        self.state = state
        self.deadlineClock = deadlineClock
    }

    private var config: AdsConfig { state.config.ads }
    private var flow: QuizFlow { state.flow }
    var now: Date { state.now }
    /// Whether time passes by itself and someone watches (the ad then counts down live).
    private var runsOnWallClock: Bool { state.runsOnWallClock }
    private var language: String { console.language.rawValue }

    // MARK: The quiz-end ad

    /// After a finished quiz, a stage cleared or failed: the ad, when ads are on, the caps allow one and one can be
    /// had within the bound. Anything else shows nothing.
    func showQuizEndAd() {
        guard isEnabled, let user = flow.user else { return }
        if forcing == nil || forcing == .off {
            guard config.enabled else { return }
            let today = (try? repository.finishedQuizCount(userId: user.id, since: startOfDay)) ?? 0
            guard config.quizEndAdDue(quizzesToday: today) else { return }
        }
        guard let ad = supply(.quizEnd, quizzesToday: nil) else { return }
        AdCard(console: console).show(ad)
        shown(ad, userId: user.id)
    }

    // MARK: The rewarded ad

    /// `ad watch`: starts a rewarded ad, or says plainly why there is none.
    func startWatch() throws {
        if let watch {
            return console.line(console.paint(countdown(watch), \.muted))
        }
        guard let user = flow.user else { return }
        guard isEnabled else {
            return notice(Localized(ko: "이 실행에서는 광고가 꺼져 있습니다 (--ads on으로 켜기).",
                                    en: "Ads are off in this run (turn them on with --ads on)."))
        }
        if forcing == nil || forcing == .off {
            guard config.enabled else {
                return notice(Localized(ko: "지금은 광고가 없습니다.", en: "There are no ads right now."))
            }
            let watched = (try? repository.adCompletions(userId: user.id, since: startOfDay)) ?? 0
            guard watched < config.rewardedDailyCap else {
                return notice(Localized(ko: "오늘 볼 수 있는 보상형 광고를 다 보았습니다. 내일 다시 오세요.",
                                        en: "You have watched today's rewarded ads. Come back tomorrow."))
            }
        }
        guard let ad = supply(.rewarded, quizzesToday: nil), let seconds = ad.durationSeconds else {
            return notice(Localized(ko: "지금 볼 수 있는 광고가 없습니다. 'sync' 뒤에 다시 해 보세요.",
                                    en: "No ad to watch right now. Try again after 'sync'."))
        }
        try state.apply(.adWatchStarted(at: now))
        // A rewarded ad's token is redeemed once: it leaves the cache whether it is watched to the end or not.
        try? repository.removeCachedAd(token: ad.token)
        let started = now
        var running = AdWatch(ad: ad, startedAt: started, endsAt: started + Double(seconds),
                              reward: ad.rewardHints ?? config.rewardHints)
        running.announced = running.secondsLeft(at: started)
        watch = running
        let show = {
            AdCard(console: self.console).show(ad)
            self.shown(ad, userId: user.id)
        }
        guard runsOnWallClock else {
            show()
            return console.line(console.paint(countdown(running), \.accent))
        }
        // The keys (Enter, Ctrl-C) are watched from before the ad shows, so that one pressed as soon as it appears
        // stops it.
        AdCountdown(ads: self).runLive(show: show)
    }

    /// Ends the ad under way when the clock has moved past its end (the reward granted at once), or tells how long
    /// is left when a second has gone by since it last said. Called around every command.
    func poll() {
        guard var running = watch else { return }
        let now = self.now
        if now >= running.endsAt {
            complete(running)
            return
        }
        let left = running.secondsLeft(at: now)
        if left != running.announced {
            running.announced = left
            watch = running
            console.line(console.paint(countdown(running), \.muted))
        }
    }

    /// `ad skip` or `skip` before the end: nothing is granted.
    func skip(via action: FlowAction) throws {
        guard watch != nil else { return }
        watch = nil
        let waited = flow.waitingForAdEnd
        try state.apply(.adWatchEnded(via: .action(action), rewardHints: 0, at: now))
        console.line(Localized(ko: "광고를 건너뛰었습니다. 보상은 없습니다.", en: "Ad skipped: no reward."))
        tellWhatWaited(waited)
    }

    /// Says what happened during the ad and took effect at its end: maintenance, or the sign-in that expired.
    private func tellWhatWaited(_ waited: [FlowEvent]) {
        guard !waited.isEmpty else { return }
        if flow.state == .maintenance {
            console.line(console.paint(console.text(Localized(
                ko: "광고가 끝났습니다. 서버가 점검 중이라 퀴즈를 시작할 수 없습니다. 점검이 끝나면 'sync'로 다시 확인하세요.",
                en: "The ad is over. The server is under maintenance: quizzes cannot start. 'sync' again to check when it is over.")),
                \.warning))
        } else if flow.user == nil {
            console.line(ErrorMessage.of(BrainyError.sessionExpired, timeZone: timeZone()))
        }
    }

    private func complete(_ running: AdWatch) {
        watch = nil
        guard let user = flow.user else { return }
        let waited = flow.waitingForAdEnd
        let credits = flow.hintCredits + running.reward
        let event = AdEventRecord(id: makeEventId(), userId: user.id, kind: .completion, adId: running.ad.id,
                                  sponsor: running.ad.sponsor, token: running.ad.token, occurredAt: running.endsAt,
                                  rewardHints: running.reward)
        do {
            // The reward is kept with the event in one transaction, before it is announced.
            try record(event, of: running.ad)
            try state.apply(.adWatchEnded(via: .adCompleted, rewardHints: running.reward, at: now))
        } catch {
            // The database refused: back where the ad began, without the reward.
            _ = try? state.flow.handle(.adWatchEnded(via: .adCompleted, rewardHints: 0, at: now))
            return
        }
        console.line(console.paint("🎁 ", \.success) + console.text(Localized(
            ko: "광고를 끝까지 보았습니다: 힌트 \(running.reward)개를 받았습니다 (이제 \(credits)개).",
            en: "Ad watched: \(running.reward) hint\(running.reward == 1 ? "" : "s") granted (you have \(credits) now).")))
        if running.ad.isShipped {
            notice(Localized(ko: "이 광고는 프로그램에 들어 있는 광고입니다: 보상은 서버 확인 없이 이 기기에만 적용됩니다.",
                             en: "This ad ships with the program: its reward stays on this device, with no server to confirm it."))
        }
        tellWhatWaited(waited)
    }

    /// The countdown line: seconds left, and how to stop.
    /// `live`: on a terminal, where the countdown holds the prompt until the end, Enter is the way to stop.
    func countdown(_ running: AdWatch, live: Bool = false) -> String {
        let left = running.secondsLeft(at: now)
        let stop = live ? Localized(ko: "Enter로 그만 보기 (보상 없음)", en: "Enter stops it (no reward)")
            : Localized(ko: "'ad skip'으로 그만 보기 (보상 없음)", en: "'ad skip' stops it (no reward)")
        return console.text(Localized(
            ko: "⏱ 광고 \(left)초 남음 · 끝까지 보면 힌트 \(running.reward)개 · " + stop.ko,
            en: "⏱ \(left)s of the ad left · \(running.reward) hint\(running.reward == 1 ? "" : "s") at the end · " + stop.en))
    }

    // MARK: ad open

    /// `ad open`: prints the last ad's link, and opens it in the browser on a desktop.
    func open() {
        guard let ad = lastShown else {
            return notice(Localized(ko: "열 광고가 없습니다.", en: "No ad to open."))
        }
        let link = AdCard.clean(ad.link)
        console.line(link)
        if let user = flow.user {
            try? record(AdEventRecord(id: makeEventId(), userId: user.id, kind: .open, adId: ad.id, sponsor: ad.sponsor,
                                      token: ad.token, occurredAt: now), of: ad)
        }
        LinkOpener.openIfDesktop(link)
    }

    // MARK: Where ads come from

    /// An ad for `placement`: QA's forced case, else the cache, else the server within the config's bound.
    private func supply(_ placement: AdPlacement, quizzesToday: Int?) -> CachedAd? {
        let bound = Double(config.fetchTimeoutMs) / 1000
        switch forcing {
        case .ok?: return forcedAd(placement)
        case .noAd?: return nil
        case .fail?:
            return BoundedCall.bounded(seconds: bound, by: deadlineClock) { () async throws -> [CachedAd] in
                throw RemoteError.server(status: 500, code: "internal", message: "forced by QA")
            }?.first
        case .slow?:
            let fetched = BoundedCall.bounded(seconds: bound, by: deadlineClock) { () async throws -> [CachedAd] in
                try await Task.sleep(nanoseconds: UInt64(max(bound, 0.05) * 10 * 1_000_000_000))
                return []
            }
            if fetched == nil { slowFetchesCutOff += 1 }
            return fetched?.first
        case .off?, nil: break
        }
        guard let user = flow.user else { return nil }
        if let cached = try? repository.nextCachedAd(userId: user.id, placement: placement, lang: language, now: now),
           cached.isWellFormed {
            return cached
        }
        if let served = live(placement, userId: user.id, bound: bound) { return served }
        // No server ever gave this player ads (a guest, an account never synced): the ads shipped with the program.
        let tokens = (try? repository.remoteTokens(userId: user.id)) ?? nil
        if tokens != nil { return nil }
        return shipped.draw(placement, lang: language, now: now, using: &drawing)
    }

    /// Keeps an ad's event. A shipped ad's has no token and is kept as already sent: no server has a record of the
    /// ad, so none is asked to confirm (or take back) its reward.
    private func record(_ event: AdEventRecord, of ad: CachedAd) throws(StoreError) {
        var event = event
        if ad.isShipped { event.token = nil }
        try repository.recordAdEvent(event)
        if ad.isShipped { try? repository.markAdEventsSent(ids: [event.id], at: now) }
    }

    /// The server asked at once, when there is one and it answered last time, waiting no longer than `bound`. The
    /// tokens are those already known in this run (`peek`): a keyring that would have to be asked (and could make the
    /// quiz's end wait for it) leaves the ad to the cache, as offline.
    private func live(_ placement: AdPlacement, userId: String, bound: Double) -> CachedAd? {
        guard remote.serverReachable != false, let api = remote.api(),
              let tokens = remote.tokenKeeper.peek(userId: userId), tokens.server == api.baseURL else {
            return nil
        }
        let today = (try? repository.finishedQuizCount(userId: userId, since: startOfDay)) ?? 0
        let access = tokens.accessToken
        let query = API.adsQuery(placement, lang: language, quizzesToday: placement == .quizEnd ? today : nil, count: 1)
        let fetched = BoundedCall.bounded(seconds: bound, by: deadlineClock) {
            try await api.call(API.ads, query: query, accessToken: access).ads
        }
        return fetched?.first { $0.isWellFormed && $0.placement == placement && $0.expiresAt > now }
    }

    /// QA's made-up ad: the same on every run, so that transcripts replay.
    private func forcedAd(_ placement: AdPlacement) -> CachedAd {
        let english = console.language == .en
        return CachedAd(
            id: placement == .rewarded ? "qa-rewarded" : "qa-quiz-end", sponsor: "Brainy",
            text: english ? "Keep your streak going: play a quiz every day." : "매일 한 판, 연속 기록을 이어 가세요.",
            link: "https://example.com/brainy/streaks", placement: placement, lang: console.language.rawValue,
            durationSeconds: placement == .rewarded ? forcedSeconds : nil, rewardHints: placement == .rewarded ? 1 : nil,
            token: "qa-\(placement.rawValue)-" + UUID().uuidString.lowercased(),
            expiresAt: now + 48 * 3600)
    }

    private func shown(_ ad: CachedAd, userId: String) {
        lastShown = ad
        try? repository.markAdShown(token: ad.token, at: now)
        try? record(AdEventRecord(id: makeEventId(), userId: userId, kind: .impression, adId: ad.id, sponsor: ad.sponsor,
                                  token: ad.token, occurredAt: now), of: ad)
    }

    private func notice(_ text: Localized) {
        console.line(console.paint(console.text(text), \.muted))
    }

    /// An event's id: unique, kept with the event, never printed (a seed's draws stay the quiz's).
    private func makeEventId() -> String { UUID().uuidString.lowercased() }

    /// The start of the UTC day the caps count from, as the server's do.
    private var startOfDay: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.startOfDay(for: now)
    }
}

/// A rewarded ad under way: when it ends, its reward, and the last second the countdown said.
struct AdWatch: Equatable {
    var ad: CachedAd
    var startedAt: Date
    var endsAt: Date
    var reward: Int
    var announced: Int?

    func secondsLeft(at now: Date) -> Int { max(0, Int(endsAt.timeIntervalSince(now).rounded(.up))) }
}
