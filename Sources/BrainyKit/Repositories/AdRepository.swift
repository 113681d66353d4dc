import Foundation

/// The ads kept on the device (filled at sync, so that they show offline) and the ad events waiting for the server.
public protocol AdRepository: Sendable {
    /// Replaces the user's cached ads of `placement` in `lang` with those just fetched.
    func replaceCachedAds(_ ads: [CachedAd], userId: String, placement: AdPlacement, lang: String, now: Date) throws(StoreError)
    /// The cached ad to show next: unexpired, of `placement`, in `lang` (else any language), the least recently shown.
    func nextCachedAd(userId: String, placement: AdPlacement, lang: String, now: Date) throws(StoreError) -> CachedAd?
    /// Notes that a cached ad was shown (so that the next one comes next time).
    func markAdShown(token: String, at: Date) throws(StoreError)
    /// Drops a cached ad (a rewarded ad's token is redeemed once).
    func removeCachedAd(token: String) throws(StoreError)
    /// Keeps an event; a completion grants its hint credits in the same transaction.
    func recordAdEvent(_ event: AdEventRecord) throws(StoreError)
    /// Events the server has not acknowledged yet, oldest first.
    func pendingAdEvents(userId: String) throws(StoreError) -> [AdEventRecord]
    /// Marks events the server answered for (accepted or refused) as sent.
    func markAdEventsSent(ids: [String], at: Date) throws(StoreError)
    /// A completion the server refused: its hint credits taken back (never below zero) and the event marked sent, in
    /// one transaction. Returns the credits actually taken.
    func revokeAdReward(eventId: String, userId: String, reason: String, at: Date) throws(StoreError) -> Int
    /// Rewarded ads completed by the user since `start` (the device's daily cap).
    func adCompletions(userId: String, since start: Date) throws(StoreError) -> Int
    /// Quizzes the user finished since `start` (the device's count of quizzes today).
    func finishedQuizCount(userId: String, since start: Date) throws(StoreError) -> Int
}
