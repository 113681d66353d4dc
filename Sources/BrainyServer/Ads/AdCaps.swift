import BrainyAPI
import BrainyKit

/// The frequency caps of the config's `ads` section: whether a player gets an ad now, and how many at most.
struct AdCaps {
    var config: AdsConfig

    enum Decision: Equatable {
        case serve(atMost: Int)
        case withhold(NoAdReason)
    }

    /// For a quiz-end ad, `quizzesToday` counts the quiz just finished: quiz 1 is free when the config says so, and
    /// after that an ad follows the quizzes whose number is a multiple of `quizEndEvery` (with 3: the 3rd, 6th, ...),
    /// so there is at most one in any `quizEndEvery` quizzes in a row. A rewarded ad is served while the player may
    /// still be granted a reward today.
    func decide(_ placement: AdPlacement, quizzesToday: Int, rewardsToday: Int) -> Decision {
        guard config.enabled else { return .withhold(.disabled) }
        switch placement {
        case .quizEnd:
            if config.firstQuizOfDayFree && quizzesToday <= 1 { return .withhold(.firstQuizOfDay) }
            guard quizzesToday > 0, quizzesToday % max(1, config.quizEndEvery) == 0 else {
                return .withhold(.frequencyCap)
            }
            return .serve(atMost: .max)
        case .rewarded:
            let left = config.rewardedDailyCap - rewardsToday
            return left > 0 ? .serve(atMost: left) : .withhold(.dailyCap)
        }
    }
}
