import BrainyAPI
import BrainyKit
import Foundation

/// Decides each uploaded ad event, as an ad network's server-side verification does for rewarded ads. Pure: the
/// store reads what it needs and records the verdict in one transaction.
struct RewardPolicy: Sendable {
    var dailyCap: Int
    /// Hint credits for a completion of an ad that names no reward of its own.
    var defaultRewardHints: Int

    /// The UTC day a completion's reward counts against: the day the device says it happened, kept between the
    /// token's issue and now (a device may sync a day late, but cannot move a reward outside its token's life).
    func rewardDay(occurredAt: Date, issuedAt: Date?, now: Date) -> Date {
        UTCDay.start(of: min(max(occurredAt, issuedAt ?? now), now))
    }

    /// The verdict on one new event. `claims` are its token's when the signature holds; `issued` is that token as
    /// recorded when served; `rewardsThatDay` the rewards already granted on its reward day.
    func judge(_ event: AdEvent, claims: AdTokenClaims?, userId: String, ad: HouseAd?, issued: IssuedAdToken?,
               rewardsThatDay: Int, now: Date) -> AdEventResult {
        guard let ad else { return .refused(event.id, .unknownAd) }
        guard event.kind == .completion else { return AdEventResult(id: event.id, accepted: true) }
        guard event.token != nil else { return .refused(event.id, .missingToken) }
        guard let claims else { return .refused(event.id, .invalidToken) }
        guard claims.adId == event.adId else { return .refused(event.id, .wrongAd) }
        guard claims.userId == userId else { return .refused(event.id, .notYourToken) }
        guard claims.placement == .rewarded else { return .refused(event.id, .notRewarded) }
        // Signed here but never recorded: a database replaced under a kept --secret.
        guard let issued, issued.claims == claims else { return .refused(event.id, .invalidToken) }
        guard now < issued.expiresAt else { return .refused(event.id, .tokenExpired) }
        guard issued.redeemedAt == nil else { return .refused(event.id, .tokenUsed) }
        guard rewardsThatDay < dailyCap else { return .refused(event.id, .dailyCapReached) }
        return AdEventResult(id: event.id, accepted: true, rewardHints: ad.rewardHints ?? defaultRewardHints)
    }
}
