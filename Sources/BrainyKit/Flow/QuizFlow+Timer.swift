import Foundation

// The question timer as the flow sees it: how long the open question has left, and whether its limit has passed.
extension QuizFlow {
    /// Seconds left to answer the open question at `date` (below zero once the limit has passed); nil when no limit
    /// applies: the timer is off, or no question is open (an answer shown, a rewarded ad running).
    public func timeLeft(at date: Date) -> TimeInterval? {
        guard state == .question, timerSeconds > 0, let play, play.current != nil else { return nil }
        return Double(timerSeconds) - date.timeIntervalSince(play.questionShownAt)
    }

    /// The open question's limit has passed at `date`: an answer now times out, and `timeChecked` closes it. An
    /// answer at the limit itself is still in time.
    public func timeRanOut(at date: Date) -> Bool {
        (timeLeft(at: date) ?? 0) < 0
    }
}
