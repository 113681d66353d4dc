/// The `ads` section of the remote config: whether ads are shown and how often. Every field may be missing (a config
/// written before ads, or one that sets only a few): a missing field takes its default.
public struct AdsConfig: Codable, Equatable, Sendable {
    public var enabled: Bool
    /// No ad after the first quiz of the (UTC) day.
    public var firstQuizOfDayFree: Bool
    /// At most one quiz-end ad every this many quizzes: after the quizzes whose number today is a multiple of it.
    public var quizEndEvery: Int
    /// Rewarded ads whose reward the server grants per player and UTC day.
    public var rewardedDailyCap: Int
    /// Hint credits a completed rewarded ad grants when the ad itself names no reward.
    public var rewardHints: Int
    /// How long the shell waits for an ad before going on without one.
    public var fetchTimeoutMs: Int
    /// How long a served ad's token may be redeemed after it was issued.
    public var tokenLifetimeHours: Int

    public init(enabled: Bool = true, firstQuizOfDayFree: Bool = true, quizEndEvery: Int = 3,
                rewardedDailyCap: Int = 5, rewardHints: Int = 1, fetchTimeoutMs: Int = 300,
                tokenLifetimeHours: Int = 48) {
        self.enabled = enabled
        self.firstQuizOfDayFree = firstQuizOfDayFree
        self.quizEndEvery = quizEndEvery
        self.rewardedDailyCap = rewardedDailyCap
        self.rewardHints = rewardHints
        self.fetchTimeoutMs = fetchTimeoutMs
        self.tokenLifetimeHours = tokenLifetimeHours
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AdsConfig()
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? defaults.enabled
        firstQuizOfDayFree = try container.decodeIfPresent(Bool.self, forKey: .firstQuizOfDayFree)
            ?? defaults.firstQuizOfDayFree
        // Below 1 would mean an ad after no quiz at all: read as 1, an ad after every quiz.
        quizEndEvery = max(1, try container.decodeIfPresent(Int.self, forKey: .quizEndEvery) ?? defaults.quizEndEvery)
        rewardedDailyCap = max(0, try container.decodeIfPresent(Int.self, forKey: .rewardedDailyCap)
            ?? defaults.rewardedDailyCap)
        rewardHints = max(0, try container.decodeIfPresent(Int.self, forKey: .rewardHints) ?? defaults.rewardHints)
        fetchTimeoutMs = max(0, try container.decodeIfPresent(Int.self, forKey: .fetchTimeoutMs)
            ?? defaults.fetchTimeoutMs)
        tokenLifetimeHours = max(1, try container.decodeIfPresent(Int.self, forKey: .tokenLifetimeHours)
            ?? defaults.tokenLifetimeHours)
    }
}
