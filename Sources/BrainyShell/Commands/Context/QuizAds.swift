import BrainyKit

/// What the quiz commands ask of ads: `ad open|watch|skip`, `skip` during a rewarded ad, and whether ads are on (a
/// hint with no credits left then offers one). `AdSession` is the one that does it.
protocol QuizAds {
    /// Ads show on a terminal, and elsewhere only with `--ads on`.
    var isEnabled: Bool { get }
    /// Opens the ad last shown (`ad open`).
    func open()
    /// Starts a rewarded ad (`ad watch`).
    func startWatch() throws
    /// Leaves the rewarded ad being watched, by `ad skip` or `skip`.
    func skip(via action: FlowAction) throws
}

extension AdSession: QuizAds {}
