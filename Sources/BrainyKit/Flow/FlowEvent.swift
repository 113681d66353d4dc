import Foundation

/// What happened: an action asked of the flow, or the outcome of an effect the runner performed.
public enum FlowEvent: Sendable {
    /// Signed in by `login` (the default), `register`, or the session restored at start-up.
    case signedIn(SignedInUser, hintCredits: Int, interrupted: QuizPlay?, via: FlowTrigger = .action(.login))
    case signedOut
    /// A sign-in shows its link and begins to wait for the browser (the step inside `login`); `signedIn` ends it, or
    /// `browserWaitEnded` when it ends without signing in.
    case browserWaitStarted
    /// The wait for the browser ended without a sign-in (refused, expired, Ctrl-C, a failure): back where it began.
    case browserWaitEnded
    /// The device's sign-in had expired: the user is signed out (under maintenance, once it ends).
    case sessionExpired
    case modeChosen(QuizType)
    case categoryChosen(QuizCategory)
    case formatChosen(QuizFormat)
    case startRequested(selection: QuestionSelection, count: Int)
    /// The runner dealt and saved the quiz that `startRequested` asked for (in AI mode, once its questions were made).
    case quizDealt(QuizPlay)
    /// AI mode could not make the quiz: the flow goes back to ready.
    case generationFailed
    /// An adaptive quiz follows the player: the next question, chosen after the last answer, replaces the one dealt.
    case upcomingChosen(Question, DealtQuestion)
    /// A typed answer, or one taken from a recording (`answer --audio`): `heard` is what the recognizer heard.
    case answerSubmitted(String, heard: String? = nil, at: Date)
    /// An answer spoken into the microphone (`speak`): what was heard, as the player would have typed it.
    case answerSpoken(String, heard: String, at: Date)
    case nextRequested(at: Date)
    case skipRequested(at: Date)
    /// The runner looked at the clock (before and after each command, and each second while a person types): an
    /// open question whose time limit has passed is closed and graded as timed out. Nothing happens otherwise.
    case timeChecked(at: Date)
    case hintRequested(using: SeededGenerator)
    case abandonRequested(at: Date)
    case resumeRequested(at: Date)
    case maintenanceChanged(Bool)
    /// QA wiped this user's progress.
    case progressReset(hintCredits: Int)
    case timerChanged(seconds: Int)
    /// `ad watch`: a rewarded ad began.
    case adWatchStarted(at: Date)
    /// The rewarded ad ended: skipped (`ad skip`, `skip`: nothing granted) or run to its end (`.adCompleted`: the
    /// reward, already kept on the device, is `rewardHints` credits). The flow goes back where it was.
    case adWatchEnded(via: FlowTrigger, rewardHints: Int, at: Date)
    /// The user's hint credits changed outside the flow (a reward the server refused was taken back).
    case hintCreditsChanged(Int)
}

/// What must be done: the runner performs effects in order (a persisting effect always comes before the one that shows
/// its outcome) and feeds outcomes back as events.
public enum FlowEffect: Equatable, Sendable {
    case dealQuiz(DealRequest)
    case persistAnswer(AnswerRecord, progress: Quiz)
    /// A hint was used on one question: spend a credit and keep what it removed (a resume shows it again).
    case recordHint(quizId: String, position: Int, removed: [Int])
    case finishQuiz(Quiz, stagePassed: Bool?, earnedHint: Bool)
    case markAbandoned(Quiz)
    case showQuestion
    case showFeedback(AnswerFeedback)
    case showHint(Hint)
    case showSummary(QuizSummary)
    case showAbandoned(Quiz)
    /// After the summary: the quiz-end ad, when the caps and the cache allow one (never an error, never a wait past
    /// the config's bound).
    case showAd
}
