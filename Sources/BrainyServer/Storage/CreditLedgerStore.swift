import BrainyAPI
import BrainyKit
import Foundation

/// The accounts' hint-credit ledgers: each event kept once per account by id, each grant verified before it counts.
public protocol CreditLedgerStore: Sendable {
    /// Judges `events` in order (`CreditRules`) and keeps the accepted ones, numbered by the account's sequence, in
    /// one transaction; an id the account already holds is answered as accepted and not kept again. Nil when the
    /// account no longer exists.
    func recordCreditEvents(_ events: [CreditEvent], accountId: String, receivedAt: Date) async throws
        -> CreditEventsResponse?
    /// Up to `limit` of the account's events numbered after `since`, in their order, whatever their kind, with its
    /// balance (of the kinds this server knows).
    func creditLedger(accountId: String, since: Int64, limit: Int) async throws -> CreditLedgerPage
    /// Events the account uploaded that were kept since `date` (its daily quota).
    func creditEventsReceived(accountId: String, since date: Date) async throws -> Int
}

/// What the server can check a grant against, read before judging a batch.
struct CreditFacts {
    /// Accepted ad completions of the account, by ad event id, with the hints they earned.
    var adRewards: [String: Int] = [:]
    /// The account's quizzes, by id: right answers and questions.
    var quizzes: [String: (correct: Int, questions: Int)] = [:]
}

/// The server's rules for credit events: a use is one credit and always counts; a grant counts only when the
/// server can verify it, under the one id its kind allows, so that replaying it, or claiming it twice under two ids,
/// counts once.
enum CreditRules {
    static func judge(_ event: CreditEvent, accountId: String, facts: CreditFacts) -> CreditRefusalReason? {
        switch event.kind {
        case .use:
            return event.amount == -1 ? nil : .wrongAmount
        case .start:
            guard event.id == CreditLedger.startId(userId: accountId) else { return .wrongId }
            return event.amount == CreditLedger.startingCredits ? nil : .wrongAmount
        case .adReward:
            guard let ref = event.ref, event.id == CreditLedger.adRewardId(adEventId: ref) else { return .wrongId }
            guard let hints = facts.adRewards[ref] else { return .unverifiable }
            return event.amount == hints ? nil : .wrongAmount
        case .quizReward:
            guard let ref = event.ref, event.id == CreditLedger.quizRewardId(quizId: ref) else { return .wrongId }
            guard let quiz = facts.quizzes[ref],
                  CreditLedger.earnsReward(correct: quiz.correct, questions: quiz.questions)
            else { return .unverifiable }
            return event.amount == 1 ? nil : .wrongAmount
        case .opening:
            // Credits spent before the ledger lower the balance; credits held over cannot be verified.
            return event.amount <= 0 ? nil : .unverifiable
        }
    }

    /// The ad events and quizzes a batch's grants name.
    static func adEventIds(_ events: [CreditEvent]) -> [String] {
        Array(Set(events.filter { $0.kind == .adReward }.compactMap(\.ref))).sorted()
    }

    static func quizIds(_ events: [CreditEvent]) -> [String] {
        Array(Set(events.filter { $0.kind == .quizReward }.compactMap(\.ref))).sorted()
    }
}
