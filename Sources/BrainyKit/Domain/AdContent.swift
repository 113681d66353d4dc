/// What an ad says and where it runs: the part a house ad (as the server keeps it, and as the program ships it) and
/// an ad served to a player (`CachedAd`) share. Each of them carries it inline in its JSON.
public struct AdContent: Codable, Equatable, Sendable {
    public var id: String
    public var sponsor: String
    public var text: String
    public var link: String
    public var placement: AdPlacement
    /// A language code (`ko`, `en`): for a served ad, the one asked for, or the fallback when none was in it.
    public var lang: String
    /// Rewarded ads: seconds the ad runs before it counts as watched.
    public var durationSeconds: Int?
    /// Rewarded ads: hint credits a completion grants (the config's `rewardHints` when nil).
    public var rewardHints: Int?

    public init(id: String, sponsor: String, text: String, link: String, placement: AdPlacement, lang: String,
                durationSeconds: Int? = nil, rewardHints: Int? = nil) {
        self.id = id
        self.sponsor = sponsor
        self.text = text
        self.link = link
        self.placement = placement
        self.lang = lang
        self.durationSeconds = durationSeconds
        self.rewardHints = rewardHints
    }
}

/// An ad that carries its content inline (`CachedAd`, `HouseAd`): the content's fields read as the ad's own
/// (`ad.sponsor`, `ad.rewardHints = 2`).
@dynamicMemberLookup
public protocol CarriesAdContent {
    var content: AdContent { get set }
}

extension CarriesAdContent {
    public subscript<Value>(dynamicMember field: WritableKeyPath<AdContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }
}
