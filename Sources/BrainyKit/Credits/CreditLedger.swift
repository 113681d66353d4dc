import Foundation

/// What moved a player's hint credits: each grant and each use is an event with an id, kept on every device of the
/// account and merged by the server, so that the balance is the sum of the account's events wherever they happened
/// (two devices spending offline both count; a replayed event counts once).
public enum CreditEventKind: String, Codable, Sendable, CaseIterable {
    /// The account's starting credits: one per account (`CreditLedger.startId`), however many devices make it.
    case start
    /// A hint used: one credit.
    case use
    /// A rewarded ad's reward, named by its ad event (`CreditLedger.adRewardId`); the server grants it only for a
    /// completion it verified.
    case adReward = "ad_reward"
    /// A quiz finished at 80 % or better, named by its quiz (`CreditLedger.quizRewardId`); the server grants it only
    /// for a quiz it holds with that score.
    case quizReward = "quiz_reward"
    /// What a device held before the ledger, beyond the starting credits: a credit it spent goes up as a use; one it
    /// held over stays on that device (nothing can verify it).
    case opening
}

/// One grant (a positive amount) or use (a negative one) of hint credits.
public struct CreditEvent: Codable, Equatable, Sendable {
    /// Unique within the account: the server keeps each id once.
    public var id: String
    public var kind: CreditEventKind
    public var amount: Int
    /// What the grant is for: the ad event of an ad reward, the quiz of a quiz reward, the quiz of a use.
    public var ref: String?
    public var occurredAt: Date

    public init(id: String, kind: CreditEventKind, amount: Int, ref: String? = nil, occurredAt: Date) {
        self.id = id
        self.kind = kind
        self.amount = amount
        self.ref = ref
        self.occurredAt = occurredAt
    }
}

/// The rules both sides apply to the ledger.
public enum CreditLedger {
    /// Credits a new account starts with.
    public static let startingCredits = 3
    /// A quiz answered at least this well earns a credit.
    public static let quizRewardAccuracy = 0.8

    public static func startId(userId: String) -> String { "start:\(userId)" }
    public static func adRewardId(adEventId: String) -> String { "ad:\(adEventId)" }
    public static func quizRewardId(quizId: String) -> String { "quiz:\(quizId)" }

    /// Whether a quiz of `correct` right answers out of `questions` earns a credit (as `QuizFlow` grants it).
    public static func earnsReward(correct: Int, questions: Int) -> Bool {
        questions > 0 && Double(correct) / Double(questions) >= quizRewardAccuracy
    }

    /// The credits a player can spend: the sum of the account's events, never shown below zero (two devices spending
    /// the last credit offline leave a debt that the next grant pays).
    public static func balance(sum: Int) -> Int { max(0, sum) }
}
