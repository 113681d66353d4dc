import BrainyKit
import Foundation

// Request and response bodies of brainy-server's ad administration (admin token), shared with clients.

/// A house ad as the server keeps it: in the bundled `house-ads.json`, in `POST /v1/ads/house` and in its list.
public struct HouseAd: Codable, Equatable, Sendable {
    public var id: String
    public var sponsor: String
    public var text: String
    public var link: String
    public var placement: AdPlacement
    /// A language code: `ko`, `en`.
    public var lang: String
    /// Relative odds of being chosen among the ads that fit a request.
    public var weight: Int
    /// Rewarded ads: seconds it runs.
    public var durationSeconds: Int?
    /// Rewarded ads: hint credits a completion grants; the config's `rewardHints` when left out.
    public var rewardHints: Int?
    /// A paused ad is kept but never served. Left out: false.
    public var paused: Bool

    public init(id: String, sponsor: String, text: String, link: String, placement: AdPlacement, lang: String,
                weight: Int, durationSeconds: Int? = nil, rewardHints: Int? = nil, paused: Bool = false) {
        self.id = id
        self.sponsor = sponsor
        self.text = text
        self.link = link
        self.placement = placement
        self.lang = lang
        self.weight = weight
        self.durationSeconds = durationSeconds
        self.rewardHints = rewardHints
        self.paused = paused
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        sponsor = try container.decode(String.self, forKey: .sponsor)
        text = try container.decode(String.self, forKey: .text)
        link = try container.decode(String.self, forKey: .link)
        placement = try container.decode(AdPlacement.self, forKey: .placement)
        lang = try container.decode(String.self, forKey: .lang)
        weight = try container.decode(Int.self, forKey: .weight)
        durationSeconds = try container.decodeIfPresent(Int.self, forKey: .durationSeconds)
        rewardHints = try container.decodeIfPresent(Int.self, forKey: .rewardHints)
        paused = try container.decodeIfPresent(Bool.self, forKey: .paused) ?? false
    }
}

/// `GET /v1/ads/house`, and the bundled file: every house ad, paused ones included.
public struct HouseAdsResponse: Codable, Equatable, Sendable {
    public var ads: [HouseAd]
    public init(ads: [HouseAd]) { self.ads = ads }
}

/// `GET /v1/ads/report`: what each ad came to.
public struct AdReportResponse: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var id: String
        public var sponsor: String
        public var placement: AdPlacement
        public var lang: String
        public var paused: Bool
        /// Times it was served (tokens issued).
        public var served: Int
        public var impressions: Int
        public var opens: Int
        /// Completion events received, granted or refused.
        public var completions: Int
        public var rewardsGranted: Int
        public var rewardsRefused: Int

        public init(id: String, sponsor: String, placement: AdPlacement, lang: String, paused: Bool, served: Int,
                    impressions: Int, opens: Int, completions: Int, rewardsGranted: Int, rewardsRefused: Int) {
            self.id = id
            self.sponsor = sponsor
            self.placement = placement
            self.lang = lang
            self.paused = paused
            self.served = served
            self.impressions = impressions
            self.opens = opens
            self.completions = completions
            self.rewardsGranted = rewardsGranted
            self.rewardsRefused = rewardsRefused
        }
    }

    public var ads: [Entry]
    public init(ads: [Entry]) { self.ads = ads }
}
