import Foundation

/// An ad as `GET /v1/ads` serves it, with its one-time token, and as the device keeps it to show offline (in the
/// same JSON); or one shipped with the program or forced by QA.
public struct CachedAd: Codable, Equatable, Sendable {
    public var id: String
    public var sponsor: String
    public var text: String
    public var link: String
    public var placement: AdPlacement
    /// The ad's language: the one asked for, or the fallback when none was in it.
    public var lang: String
    /// Rewarded ads: how long the ad runs before it counts as watched.
    public var durationSeconds: Int?
    /// Rewarded ads: hint credits a completion grants (the config's `rewardHints` when nil).
    public var rewardHints: Int?
    /// Signed by the server, for this player and placement, redeemable once until `expiresAt`.
    public var token: String
    public var expiresAt: Date

    public init(id: String, sponsor: String, text: String, link: String, placement: AdPlacement, lang: String,
                durationSeconds: Int? = nil, rewardHints: Int? = nil, token: String, expiresAt: Date) {
        self.id = id
        self.sponsor = sponsor
        self.text = text
        self.link = link
        self.placement = placement
        self.lang = lang
        self.durationSeconds = durationSeconds
        self.rewardHints = rewardHints
        self.token = token
        self.expiresAt = expiresAt
    }

    /// Whether the ad can be shown at all: every field present, a web link, a rewarded ad with a sane duration.
    /// A malformed ad is dropped without a word.
    public var isWellFormed: Bool {
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !trimmed(id).isEmpty, !trimmed(sponsor).isEmpty, !trimmed(text).isEmpty, !trimmed(token).isEmpty,
              sponsor.count <= 80, text.count <= 400, link.count <= 500 else { return false }
        let lowered = link.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !link.contains(" ") else { return false }
        if placement == .rewarded {
            guard let seconds = durationSeconds, (1...300).contains(seconds) else { return false }
            if let hints = rewardHints, !(0...10).contains(hints) { return false }
        }
        return true
    }
}

/// What happened to an ad on the device, uploaded at sync.
public enum AdActivity: String, Codable, CaseIterable, Sendable {
    case impression
    case open
    /// A rewarded ad watched to its end: its reward was granted at once and the server is asked to confirm it.
    case completion
}

/// One ad event kept on the device until the server acknowledged it (its id makes a re-upload harmless).
public struct AdEventRecord: Equatable, Sendable {
    public var id: String
    public var userId: String
    public var kind: AdActivity
    public var adId: String
    /// The ad's sponsor, for the message when a reward is taken back.
    public var sponsor: String
    public var token: String?
    public var occurredAt: Date
    /// A completion: the hint credits granted on the device.
    public var rewardHints: Int

    public init(id: String, userId: String, kind: AdActivity, adId: String, sponsor: String, token: String?,
                occurredAt: Date, rewardHints: Int = 0) {
        self.id = id
        self.userId = userId
        self.kind = kind
        self.adId = adId
        self.sponsor = sponsor
        self.token = token
        self.occurredAt = occurredAt
        self.rewardHints = rewardHints
    }
}

extension AdsConfig {
    /// Whether the quiz just finished, the `quizzesToday`-th of the (UTC) day, earns a quiz-end ad: the caps as the
    /// device applies them, so that they hold offline too (the server applies the same when it serves).
    public func quizEndAdDue(quizzesToday: Int) -> Bool {
        guard enabled, quizzesToday >= 1 else { return false }
        if firstQuizOfDayFree && quizzesToday == 1 { return false }
        return quizzesToday % max(1, quizEndEvery) == 0
    }

    /// The next quiz of the day that earns an ad after `quizzesToday`: what the cache is filled for at sync.
    public func nextQuizWithAd(after quizzesToday: Int) -> Int {
        var next = quizzesToday + 1
        while !quizEndAdDue(quizzesToday: next) && next < quizzesToday + 1000 { next += 1 }
        return next
    }
}
