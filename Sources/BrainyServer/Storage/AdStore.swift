import BrainyAPI
import BrainyKit
import Foundation

/// House ads, the tokens they were served with, and what devices report about them.
protocol AdStore: Sendable {
    /// Adds the ads whose id is not stored yet; one already stored (perhaps paused by an admin) stays as it is.
    func seedHouseAds(_ ads: [HouseAd], at date: Date) async throws
    /// Every house ad, paused ones included, by id.
    func houseAds() async throws -> [HouseAd]
    /// False when the id is taken.
    func addHouseAd(_ ad: HouseAd, at date: Date) async throws -> Bool
    /// The ad after the change; nil when there is no such ad.
    func setPaused(_ paused: Bool, adId: String) async throws -> HouseAd?
    /// The ads of `placement` that are not paused, by id (a stable order for seeded draws).
    func servableAds(_ placement: AdPlacement) async throws -> [HouseAd]
    /// Records the tokens of ads just served; false when the account no longer exists.
    func recordIssued(_ tokens: [IssuedAdToken]) async throws -> Bool
    /// Quizzes the account uploaded that finished within `day`.
    func quizzesFinished(accountId: String, in day: DateInterval) async throws -> Int
    /// Rewards granted to the account that count against the UTC day starting at `day`.
    func rewardsGranted(accountId: String, day: Date) async throws -> Int
    /// Records new events, each judged by `policy`, and answers events seen before as the first time; in one
    /// transaction, so a token is redeemed once however many uploads race (by an accepted completion, or one refused
    /// for the daily cap). Nil when the account no longer exists.
    func recordAdEvents(_ events: [(event: AdEvent, claims: AdTokenClaims?)], userId: String, policy: RewardPolicy,
                        now: Date) async throws -> [AdEventResult]?
    /// Ad events the account uploaded since `date` (its storage quota, `StorageQuota.adEventsPerDay`).
    func adEventsReceived(accountId: String, since date: Date) async throws -> Int
    func adReport() async throws -> AdReportResponse
}
