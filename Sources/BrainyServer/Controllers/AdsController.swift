import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// House ads for the signed-in player, each with a one-time token, and the events devices upload about them
/// (completions of rewarded ads verified like an ad network's server-side verification).
struct AdsController {
    let ads: any AdStore
    let config: AdsConfig
    let tokens: AdTokens
    let clock: any BrainyClock
    let random: ServerRandom
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    static let maxCount = 10
    static let maxEvents = 1_000

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.ads, use: serve)
        routes.on(API.adEvents, use: events)
        return routes.collection
    }

    /// `?placement=quiz_end|rewarded&lang=ko&quizzesToday=N&count=N`. The quizzes counted today are the larger of
    /// the device's `quizzesToday` (which knows quizzes not synced yet, the one just finished included) and the
    /// quizzes the caller uploaded that finished today (UTC), which knows the other devices'.
    @Sendable func serve(_: Empty, _ request: Request, context: ServerRequestContext) async throws -> AdsResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let query = request.uri.queryParameters
        guard let placementText = query.get("placement"), let placement = AdPlacement(rawValue: placementText) else {
            throw APIError.badRequest("'placement' must be quiz_end or rewarded.")
        }
        var lang = "ko"
        if let text = query.get("lang") {
            guard let normalized = AdPicker.normalize(text) else {
                throw APIError.badRequest("'lang' must be a language code such as ko or en, not '\(text.prefix(20))'.")
            }
            lang = normalized
        }
        let count = try Self.number(query.get("count"), "count", in: 1...Self.maxCount) ?? 1
        let reported = try Self.number(query.get("quizzesToday"), "quizzesToday", in: 0...100_000)

        let now = clock.now()
        let today = UTCDay.interval(containing: now)
        let uploaded = try await ads.quizzesFinished(accountId: userId, in: today)
        let quizzesToday = max(reported ?? 0, uploaded)
        var rewardsToday = 0
        if placement == .rewarded { rewardsToday = try await ads.rewardsGranted(accountId: userId, day: today.start) }
        let rewardsLeft = placement == .rewarded ? max(0, config.rewardedDailyCap - rewardsToday) : nil
        func none(_ reason: NoAdReason) -> AdsResponse {
            AdsResponse(ads: [], reason: reason, quizzesToday: quizzesToday, rewardsLeftToday: rewardsLeft)
        }

        let atMost: Int
        switch AdCaps(config: config).decide(placement, quizzesToday: quizzesToday, rewardsToday: rewardsToday) {
        case let .withhold(reason): return none(reason)
        case let .serve(limit): atMost = min(count, limit)
        }
        let candidates = AdPicker.inLanguage(try await ads.servableAds(placement), lang)
        let chosen = AdPicker.draw(candidates, count: atMost, random: random)
        guard !chosen.isEmpty else { return none(.noInventory) }

        let expiresAt = now.addingTimeInterval(TimeInterval(config.tokenLifetimeHours) * 3_600)
        let issued = chosen.map { ad in
            IssuedAdToken(claims: AdTokenClaims(adId: ad.id, userId: userId, placement: placement,
                                                nonce: Base64URL.encode(Data(random.bytes(16))),
                                                issuedAt: Int(now.timeIntervalSince1970)),
                          expiresAt: expiresAt)
        }
        guard try await ads.recordIssued(issued) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        var served: [CachedAd] = []
        for (ad, token) in zip(chosen, issued) {
            var content = ad.content
            content.rewardHints = placement == .rewarded ? ad.rewardHints ?? config.rewardHints : nil
            served.append(CachedAd(content, token: try await tokens.sign(token.claims), expiresAt: expiresAt))
        }
        return AdsResponse(ads: served, reason: nil, quizzesToday: quizzesToday, rewardsLeftToday: rewardsLeft)
    }

    /// One verdict per event, in order; an event sent again gets the verdict it got the first time.
    @Sendable func events(_ batch: AdEventsRequest, _ request: Request, context: ServerRequestContext) async throws
        -> AdEventsResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        try Self.validate(batch)
        var checked: [(event: AdEvent, claims: AdTokenClaims?)] = []
        for event in batch.events {
            var claims: AdTokenClaims?
            if let token = event.token { claims = await tokens.verify(token) }
            checked.append((event, claims))
        }
        // One account's events a day are bounded, as its results are (`StorageQuota`).
        let now = clock.now()
        let limit = StorageQuota.defaults.adEventsPerDay
        if try await ads.adEventsReceived(accountId: userId, since: UTCDay.start(of: now)) + batch.events.count > limit {
            throw ResultsController.refusal(QuotaExceeded(what: "ad events", limit: limit), now: now)
        }
        let policy = RewardPolicy(dailyCap: config.rewardedDailyCap, defaultRewardHints: config.rewardHints)
        guard let results = try await ads.recordAdEvents(checked, userId: userId, policy: policy, now: clock.now()) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        return AdEventsResponse(results: results)
    }

    static func validate(_ batch: AdEventsRequest) throws(APIError) {
        guard batch.events.count <= maxEvents else {
            throw APIError(.contentTooLarge, "batch_too_large", "Send at most \(maxEvents) events per request.")
        }
        var ids = Set<String>()
        for (index, event) in batch.events.enumerated() {
            for (value, field) in [(event.id, "id"), (event.adId, "adId")] where value.isEmpty || value.count > 128 {
                throw APIError.badRequest("'events[\(index)].\(field)' must be 1 to 128 characters.")
            }
            guard ids.insert(event.id).inserted else {
                throw APIError.badRequest("'events[\(index)].id' appears twice in the batch.")
            }
        }
    }

    static func number(_ text: String?, _ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError.badRequest("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
