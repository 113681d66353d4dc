/// Where an ad is shown: after a finished quiz, or on request in exchange for hint credits.
public enum AdPlacement: String, Codable, CaseIterable, Sendable {
    /// After a finished quiz, within the remote config's frequency caps.
    case quizEnd = "quiz_end"
    /// Watched to the end on the player's request; each completion grants hint credits once the server verifies it.
    case rewarded
}
