import BrainyKit
import Foundation

// Request and response bodies of brainy-server's ad serving and ad events, shared with clients.

/// Why `GET /v1/ads` served no ad.
public enum NoAdReason: String, Codable, Sendable {
    /// The config turns ads off.
    case disabled
    /// The first quiz of the day is free of ads.
    case firstQuizOfDay = "first_quiz_of_day"
    /// Quiz-end ads come once every `quizEndEvery` quizzes, and this is not that quiz.
    case frequencyCap = "frequency_cap"
    /// The player has had today's rewarded ads.
    case dailyCap = "daily_cap"
    /// No ad that is not paused runs in this placement.
    case noInventory = "no_inventory"
}

/// `GET /v1/ads`: the ads to show, or none and why.
public struct AdsResponse: Codable, Equatable, Sendable {
    /// As the device keeps them: the wire's fields are `CachedAd`'s.
    public var ads: [CachedAd]
    /// Set when `ads` is empty.
    public var reason: NoAdReason?
    /// The caller's quizzes today as the caps counted them.
    public var quizzesToday: Int
    /// Rewarded placement: rewards the caller may still be granted today.
    public var rewardsLeftToday: Int?

    public init(ads: [CachedAd], reason: NoAdReason?, quizzesToday: Int, rewardsLeftToday: Int? = nil) {
        self.ads = ads
        self.reason = reason
        self.quizzesToday = quizzesToday
        self.rewardsLeftToday = rewardsLeftToday
    }
}

/// What happened to an ad on the device.
public enum AdEventKind: String, Codable, Sendable, CaseIterable {
    case impression
    /// The player followed the ad's link.
    case open
    /// A rewarded ad ran to its end: the device granted its reward and asks the server to confirm it.
    case completion
}

/// One event the device records and uploads at sync.
public struct AdEvent: Codable, Equatable, Sendable {
    /// Made by the device, unique per event: an event sent again is answered as the first time, never counted twice.
    public var id: String
    public var kind: AdEventKind
    public var adId: String
    /// The token the ad was served with; required for a completion.
    public var token: String?
    public var occurredAt: Date

    public init(id: String, kind: AdEventKind, adId: String, token: String?, occurredAt: Date) {
        self.id = id
        self.kind = kind
        self.adId = adId
        self.token = token
        self.occurredAt = occurredAt
    }
}

/// `POST /v1/ads/events`.
public struct AdEventsRequest: Codable, Equatable, Sendable {
    public var events: [AdEvent]
    public init(events: [AdEvent]) { self.events = events }
}

/// Why the server refused an event; for a completion, the device takes its reward back.
public enum AdEventRefusal: String, Codable, Sendable, CaseIterable {
    /// The event's id belongs to another account's event.
    case idTaken = "id_taken"
    case unknownAd = "unknown_ad"
    /// A completion without a token.
    case missingToken = "missing_token"
    /// The token is malformed or its signature does not hold (forged or altered).
    case invalidToken = "invalid_token"
    /// The token was issued for another ad than the event names.
    case wrongAd = "wrong_ad"
    /// The token was issued to another account.
    case notYourToken = "not_your_token"
    /// The token was issued for a quiz-end ad, which grants nothing.
    case notRewarded = "not_rewarded"
    case tokenExpired = "token_expired"
    /// The token was already redeemed (a replay).
    case tokenUsed = "token_used"
    /// The account has had `rewardedDailyCap` rewards on the completion's day.
    case dailyCapReached = "daily_cap_reached"
    /// A reason this client does not know (a newer server's): the event is refused all the same.
    case other

    public init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }
}

/// The server's answer to one event.
public struct AdEventResult: Codable, Equatable, Sendable {
    public var id: String
    public var accepted: Bool
    public var reason: AdEventRefusal?
    /// An accepted completion: the hint credits it grants.
    public var rewardHints: Int?

    public init(id: String, accepted: Bool, reason: AdEventRefusal? = nil, rewardHints: Int? = nil) {
        self.id = id
        self.accepted = accepted
        self.reason = reason
        self.rewardHints = rewardHints
    }

    public static func refused(_ id: String, _ reason: AdEventRefusal) -> AdEventResult {
        AdEventResult(id: id, accepted: false, reason: reason)
    }
}

/// `POST /v1/ads/events`: one result per event, in the order sent.
public struct AdEventsResponse: Codable, Equatable, Sendable {
    public var results: [AdEventResult]
    public init(results: [AdEventResult]) { self.results = results }
}

extension API {
    /// The query of an `ads` call: up to `count` ads for `placement` in `lang`, within the config's caps;
    /// `quizzesToday` is the device's count of quizzes finished today, the one just finished included (nil: the
    /// server counts the uploaded ones).
    public static func adsQuery(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int)
        -> [String: String] {
        let query = ["placement": placement.rawValue, "lang": lang, "count": String(count),
                     "quizzesToday": quizzesToday.map(String.init)]
        return query.compactMapValues { $0 }
    }
}
