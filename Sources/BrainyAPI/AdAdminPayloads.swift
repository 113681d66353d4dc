import BrainyKit
import Foundation

// Request and response bodies of brainy-server's ad administration (admin token), shared with clients.

/// A house ad as the server keeps it: in the bundled `house-ads.json`, in `POST /v1/ads/house` and in its list. Its
/// content (what it says and where it runs) is a served ad's; its fields read as the ad's own (`ad.sponsor`) and
/// stand inline in its JSON, beside how often it is chosen and whether it is paused.
public struct HouseAd: CarriesAdContent, Codable, Equatable, Sendable {
    public var content: AdContent
    /// Relative odds of being chosen among the ads that fit a request.
    public var weight: Int
    /// A paused ad is kept but never served. Left out: false.
    public var paused: Bool

    public init(id: String, sponsor: String, text: String, link: String, placement: AdPlacement, lang: String,
                weight: Int, durationSeconds: Int? = nil, rewardHints: Int? = nil, paused: Bool = false) {
        content = AdContent(id: id, sponsor: sponsor, text: text, link: link, placement: placement, lang: lang,
                            durationSeconds: durationSeconds, rewardHints: rewardHints)
        self.weight = weight
        self.paused = paused
    }

    private enum CodingKeys: String, CodingKey { case weight, paused }

    public init(from decoder: any Decoder) throws {
        content = try AdContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weight = try container.decode(Int.self, forKey: .weight)
        paused = try container.decodeIfPresent(Bool.self, forKey: .paused) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try container.encode(paused, forKey: .paused)
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
