import Foundation

/// What the domain refuses, with what a front end needs to say why: typed values, no words of any front end (a shell
/// turns each case into a message in its own terms; see BrainyShell's `ErrorMessage`).
public enum BrainyError: Error, Equatable, Sendable {
    // The flow
    /// `action` is not allowed in `state` (`TransitionTable.allowedActions(in:)` says what is).
    case actionNotAllowed(FlowAction, state: FlowState)
    /// The flow tried a move its transition table does not list (a fault of the program, not of the user).
    case transitionNotInTable(from: FlowState, trigger: FlowTrigger, to: FlowState?)
    /// The config in force turns this type off (its feature flag).
    case quizTypeDisabled(QuizType)
    case nothingToResume
    // Sign-in
    case invalidEmail(String)
    case passwordTooShort(minimum: Int)
    case passwordsDoNotMatch
    case emailTaken(String)
    case wrongCredentials(remainingAttempts: Int)
    case accountLocked(until: Date)
    case sessionExpired
    case loginMethodDisabled(AuthProvider)
    case updateRequired(current: String, minimum: String)
    case maintenance
    // Playing
    case noUnsolvedQuestions(QuizCategory)
    case noQuestions(QuizCategory)
    case allStagesCleared(QuizCategory, stages: Int)
    case noHintCredits
    case hintAlreadyUsed
    /// A multiple-choice answer named option `number` of `count`.
    case optionOutOfRange(Int, count: Int)
    case emptyAnswer
    /// A multiple-choice answer that is none of the options (labelled `labels`).
    case notAnOption(String, labels: [String])
    /// A multiple-choice answer naming an option a hint removed (`label`); `remaining` are the labels still open.
    case optionRemoved(String, remaining: [String])
    /// An answer longer than `limit` bytes.
    case answerTooLong(limit: Int)
    /// An answer holding a control character (a NUL, an escape): refused rather than stored cut short or garbled.
    case answerHasControlCharacters
    // Settings and records
    case invalidSetting(Settings.Key, value: String, allowed: [String])
    case unknownSetting(String)
    case quizNotFound(String)
}
