import Foundation

/// Accounts, credentials, sessions and hint credits kept on this device.
public protocol AccountRepository: Sendable {
    func user(id: String) throws(StoreError) -> User?
    func user(email: String) throws(StoreError) -> User?
    /// The device's guest account, created on first use.
    func guestUser(now: Date) throws(StoreError) -> User
    func createEmailUser(email: String, passwordHash: String, now: Date) throws(StoreError) -> User
    func passwordHash(userId: String) throws(StoreError) -> String?
    /// Counts a failed sign-in; locks the account for `lockout` once `maxAttempts` is reached.
    func recordFailedLogin(userId: String, now: Date, maxAttempts: Int, lockout: TimeInterval) throws(StoreError) -> User
    func recordSuccessfulLogin(userId: String, now: Date) throws(StoreError)
    /// Starts the device's session (ending any other), valid for `timeout`. One not `remembered` is held by this
    /// connection (and so by its process) until it ends: `endLeftBehindSession` leaves it alone while it is.
    func startSession(userId: String, now: Date, timeout: TimeInterval, remembered: Bool) throws(StoreError) -> AuthSession
    /// The device's open session, expired or not.
    func currentSession() throws(StoreError) -> AuthSession?
    /// Makes `session` (the device's open session, signed back in at start) the one this shell writes for, as
    /// `startSession` does with a new one: every later write checks in its transaction that the device is still
    /// signed in as its user, and fails with `.signedOutElsewhere` once another shell signed out or in as someone else.
    func adoptSession(_ session: AuthSession)
    func endSession() throws(StoreError)
    /// Ends `session`, the device's open one that was not to be remembered, found at start: true when it was ended,
    /// false when the shell that made it still runs (and holds it) and it was left alone.
    func endLeftBehindSession(_ session: AuthSession) throws(StoreError) -> Bool
    func hintCredits(userId: String) throws(StoreError) -> Int
    /// Spends a hint credit on one question of a quiz and keeps the options it removed, in one transaction; false
    /// (nothing written) when the balance read in that transaction has no credit left.
    func recordHint(userId: String, quizId: String, position: Int, removed: [Int]) throws(StoreError) -> Bool
}

extension AccountRepository {
    /// Starts the device's session, kept on this computer.
    public func startSession(userId: String, now: Date, timeout: TimeInterval) throws(StoreError) -> AuthSession {
        try startSession(userId: userId, now: now, timeout: timeout, remembered: true)
    }
}

/// The questions of the imported packs.
public protocol QuestionRepository: Sendable {
    func questions(ids: [String]) throws(StoreError) -> [Question]
    /// Ids of the playable questions of a category (the bank's: never AI mode's), with `unsolvedBy`, only those that
    /// user never answered.
    func candidateIds(category: QuizCategory, unsolvedBy userId: String?, voiceOnly: Bool) throws(StoreError) -> [String]
    /// Every playable question of a category with its difficulty, for stages (the bank's: AI mode's questions, stored
    /// at its first quiz, must not move the stages).
    func stageCandidates(category: QuizCategory, voiceOnly: Bool) throws(StoreError) -> [(id: String, difficulty: Difficulty)]
    func packSummary() throws(StoreError) -> PackSummary
}

extension QuestionRepository {
    public func candidateIds(category: QuizCategory, unsolvedBy userId: String?) throws(StoreError) -> [String] {
        try candidateIds(category: category, unsolvedBy: userId, voiceOnly: false)
    }

    public func stageCandidates(category: QuizCategory) throws(StoreError) -> [(id: String, difficulty: Difficulty)] {
        try stageCandidates(category: category, voiceOnly: false)
    }
}

/// What `profile` and `content` tell of the imported questions.
public struct PackSummary: Equatable, Sendable {
    public var version: String?
    public var countPerCategory: [QuizCategory: Int]
    public var countPerDifficulty: [Difficulty: Int]
    public var voiceCount: Int
    /// AI mode's questions kept on the device, by origin (`ai-kb`, `ai-llm`): not the pack's, not counted above.
    public var generatedCount: [String: Int]

    public init(version: String?, countPerCategory: [QuizCategory: Int], countPerDifficulty: [Difficulty: Int],
                voiceCount: Int, generatedCount: [String: Int] = [:]) {
        self.version = version
        self.countPerCategory = countPerCategory
        self.countPerDifficulty = countPerDifficulty
        self.voiceCount = voiceCount
        self.generatedCount = generatedCount
    }

    public var total: Int { countPerCategory.values.reduce(0, +) }
}

/// A quiz left in progress, with what a resume needs.
public struct InterruptedQuiz: Equatable, Sendable {
    public var quiz: Quiz
    public var answers: [AnswerRecord]
    /// Hints used, by position, with the options they removed.
    public var hints: [Int: [Int]]

    public init(quiz: Quiz, answers: [AnswerRecord], hints: [Int: [Int]] = [:]) {
        self.quiz = quiz
        self.answers = answers
        self.hints = hints
    }
}

/// Filters of `history`.
public struct HistoryFilter: Equatable, Sendable {
    public var category: QuizCategory?
    public var type: QuizType?
    public var from: Date?
    public var until: Date?
    public var limit: Int

    public init(category: QuizCategory? = nil, type: QuizType? = nil, from: Date? = nil, until: Date? = nil,
                limit: Int = 20) {
        self.category = category
        self.type = type
        self.from = from
        self.until = until
        self.limit = limit
    }
}

/// Quizzes, answers, progress and stats.
public protocol QuizRepository: Sendable {
    /// Records a new quiz and claims it for this shell; `.quizIdTaken` when its id is used or claimed already.
    func saveNewQuiz(_ quiz: Quiz) throws(StoreError)
    /// Commits one answer with the quiz's progress, in one transaction, before its feedback is shown.
    func saveAnswer(_ record: AnswerRecord, progress: Quiz, timeZone: TimeZone) throws(StoreError)
    /// Whether any user has a quiz with this id.
    func quizExists(id: String) throws(StoreError) -> Bool
    func finishQuiz(_ quiz: Quiz, stagePassed: Bool?, earnedHint: Bool) throws(StoreError)
    func abandonQuiz(_ quiz: Quiz) throws(StoreError)
    /// The user's quiz left in progress (the shell was closed or killed, or another shell has it open).
    func interruptedQuiz(userId: String) throws(StoreError) -> InterruptedQuiz?
    /// Takes a quiz in progress for this shell, checking and taking in one step: false when another running shell
    /// has it. The claim ends with the shell's process however it ends, so a killed shell never keeps a quiz. A new
    /// quiz is claimed by `saveNewQuiz`; answers, finishing and abandoning are refused for a quiz not claimed.
    func claimQuiz(id: String) throws(StoreError) -> Bool
    /// Lets go of a claimed quiz: it stays resumable from any shell. Finishing and abandoning let go by themselves.
    func releaseQuiz(id: String)
    func highestClearedStage(userId: String, category: QuizCategory, type: QuizType) throws(StoreError) -> Int
    /// Finished and abandoned quizzes, newest first, up to the filter's limit, and whether more match.
    func history(userId: String, filter: HistoryFilter) throws(StoreError) -> (quizzes: [Quiz], hasMore: Bool)
    /// A quiz by id or unique id prefix, with its answers.
    func quiz(idOrPrefix: String, userId: String) throws(StoreError) -> (Quiz, [AnswerRecord])?
    func recentQuizIds(userId: String, limit: Int) throws(StoreError) -> [String]
    func stats(userId: String, now: Date, timeZone: TimeZone) throws(StoreError) -> UserStats
    func pendingSyncCount(userId: String) throws(StoreError) -> Int
    /// Wipes a user's quizzes, answers, stage progress, totals and streak, and resets the hint credits (QA).
    func resetProgress(userId: String) throws(StoreError)
}

/// Per-user settings.
public protocol SettingsRepository: Sendable {
    func settings(userId: String) throws(StoreError) -> Settings
    func saveSettings(_ settings: Settings, userId: String) throws(StoreError)
}

/// Everything the shell keeps on the device.
public typealias BrainyRepository = AccountRepository & QuestionRepository & QuizRepository & SettingsRepository & LearningRepository & AdRepository
    & CreditLedgerRepository & SharedSettingsRepository & StageProgressRepository
    & SyncRepository & QuizTicketRepository & SyncDownloadRepository

/// Hashes and checks passwords (never kept in plain text).
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) throws -> String
    func verify(_ password: String, against hash: String) -> Bool
}
