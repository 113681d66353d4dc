import BrainyAPI
import BrainyKit
import Foundation

/// The ads' part of `sync`: the device's ad events go up (each with its id: sending one again is harmless), a
/// reward the server refused is taken back with a message, and the cache is filled with a few quiz-end and rewarded
/// ads per language for offline play. Nothing here stops a sync: an ad failure leaves the events pending and the
/// cache as it was.
struct AdSync {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    /// The ads' part of the config in force.
    let config: AdsConfig
    /// The flow is told the hint credits left after a reward was taken back.
    let creditsChanged: (Int) -> Void
    /// Ads kept per placement and language.
    static let cachedPerPlacement = 3
    static let languages: [Language] = [.ko, .en]
    /// Events per request.
    static let batchSize = 200

    /// What happened, for the sync's summary.
    struct Outcome {
        var sent = 0
        var confirmed = 0
        var refused: [(sponsor: String, reason: AdEventRefusal, taken: Int)] = []
        var cached = 0
        /// A call to the server failed: what it would have brought waits for the next sync.
        var failed = false
    }

    @discardableResult
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) -> Outcome {
        var outcome = Outcome()
        uploadEvents(api, watch, userId: userId, outcome: &outcome)
        fillCache(api, watch, userId: userId, outcome: &outcome)
        if !outcome.refused.isEmpty, let credits = try? repository.hintCredits(userId: userId) {
            creditsChanged(credits)
        }
        return outcome
    }

    private func uploadEvents(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String, outcome: inout Outcome) {
        guard let pending = try? repository.pendingAdEvents(userId: userId), !pending.isEmpty else { return }
        var start = 0
        while start < pending.count {
            let batch = Array(pending[start..<min(start + Self.batchSize, pending.count)])
            start += Self.batchSize
            let request = AdEventsRequest(events: batch.map {
                AdEvent(id: $0.id, kind: AdEventKind(rawValue: $0.kind.rawValue) ?? .impression, adId: $0.adId,
                        token: $0.token, occurredAt: $0.occurredAt)
            })
            // Not sent (the server down, Ctrl-C): the events stay pending for the next sync.
            guard let response = try? remote.authorized(api, watch, { api, token in
                try await api.call(API.adEvents, request, accessToken: token)
            }) else {
                outcome.failed = true
                return
            }
            let byId = Dictionary(batch.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var answered: [String] = []
            for result in response.results {
                guard let event = byId[result.id] else { continue }
                if !result.accepted && event.kind == .completion && event.rewardHints > 0 {
                    let reason = result.reason?.rawValue ?? "refused"
                    let taken = (try? repository.revokeAdReward(eventId: event.id, userId: userId, reason: reason,
                                                                at: now())) ?? 0
                    outcome.refused.append((event.sponsor, result.reason ?? .other, taken))
                } else {
                    answered.append(event.id)
                    if result.accepted && event.kind == .completion { outcome.confirmed += 1 }
                }
            }
            try? repository.markAdEventsSent(ids: answered, at: now())
            outcome.sent += response.results.count
        }
    }

    private func fillCache(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String, outcome: inout Outcome) {
        guard config.enabled else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let today = (try? repository.finishedQuizCount(userId: userId, since: calendar.startOfDay(for: now()))) ?? 0
        // Quiz-end ads are asked for as the next quiz that earns one: the device applies the caps when it shows them.
        let nextWithAd = config.nextQuizWithAd(after: today)
        for placement in AdPlacement.allCases {
            for language in Self.languages {
                let lang = language.rawValue
                let query = API.adsQuery(placement, lang: lang, quizzesToday: placement == .quizEnd ? nextWithAd : nil,
                                         count: Self.cachedPerPlacement)
                guard let response = try? remote.authorized(api, watch, { api, token in
                    try await api.call(API.ads, query: query, accessToken: token)
                }) else {
                    outcome.failed = true
                    continue
                }
                let ads = response.ads.filter {
                    $0.isWellFormed && $0.placement == placement && $0.expiresAt > now()
                }
                try? repository.replaceCachedAds(ads, userId: userId, placement: placement, lang: lang, now: now())
                outcome.cached += ads.count
            }
        }
    }
}
