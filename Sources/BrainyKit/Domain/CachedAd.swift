import Foundation

/// An ad as `GET /v1/ads` serves it, with its one-time token, and as the device keeps it to show offline (in the
/// same JSON: the content's fields, the token and the expiry side by side); or one shipped with the program or
/// forced by QA. The content's fields read as the ad's own (`ad.sponsor`).
public struct CachedAd: CarriesAdContent, Codable, Equatable, Sendable {
    public var content: AdContent
    /// Signed by the server, for this player and placement, redeemable once until `expiresAt`.
    public var token: String
    public var expiresAt: Date

    public init(_ content: AdContent, token: String, expiresAt: Date) {
        self.content = content
        self.token = token
        self.expiresAt = expiresAt
    }

    public init(id: String, sponsor: String, text: String, link: String, placement: AdPlacement, lang: String,
                durationSeconds: Int? = nil, rewardHints: Int? = nil, token: String, expiresAt: Date) {
        self.init(AdContent(id: id, sponsor: sponsor, text: text, link: link, placement: placement, lang: lang,
                            durationSeconds: durationSeconds, rewardHints: rewardHints),
                  token: token, expiresAt: expiresAt)
    }

    private enum CodingKeys: String, CodingKey { case token, expiresAt }

    public init(from decoder: any Decoder) throws {
        content = try AdContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(String.self, forKey: .token)
        expiresAt = try container.decode(Date.self, forKey: .expiresAt)
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(expiresAt, forKey: .expiresAt)
    }

    /// Whether the ad can be shown at all: every field present, a web link, a rewarded ad with a sane duration.
    /// A malformed ad is dropped without a word.
    public var isWellFormed: Bool {
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let ad = content
        guard !trimmed(ad.id).isEmpty, !trimmed(ad.sponsor).isEmpty, !trimmed(ad.text).isEmpty,
              !trimmed(token).isEmpty, ad.sponsor.count <= 80, ad.text.count <= 400, ad.link.count <= 500 else {
            return false
        }
        let lowered = ad.link.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !ad.link.contains(" ") else { return false }
        if ad.placement == .rewarded {
            guard let seconds = ad.durationSeconds, (1...300).contains(seconds) else { return false }
            if let hints = ad.rewardHints, !(0...10).contains(hints) { return false }
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
