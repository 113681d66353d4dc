import BrainyKit
import Foundation

/// Which versions of the terms of use and the privacy policy each account accepted, and when. An acceptance is never
/// withdrawn (it leaves with its account), so a version once accepted stays accepted.
public protocol ConsentStore: Sendable {
    /// Every version `accountId` has accepted, of every document.
    func acceptedConsents(accountId: String) async throws -> [ConsentVersion]
    /// Records that `accountId` accepted `consents` at `date` (a version accepted before keeps its first time).
    func recordConsents(_ consents: [ConsentVersion], accountId: String, at date: Date) async throws
    /// Stores a new account and the versions accepted when registering it, in one transaction: false (and nothing
    /// stored) when the email is already taken.
    func createAccount(_ account: ServerAccount, accepting consents: [ConsentVersion]) async throws -> Bool
    /// Deletes `accountId` (its sign-ins and identities with it) when it has never accepted any version and holds no
    /// data (`UnusedAccount.dataTables`), checked and deleted in one transaction: false, and nothing changed, when it
    /// has or does (or is gone already).
    func deleteUnusedAccount(accountId: String) async throws -> Bool
}

/// What makes an account used: a version of the terms or privacy policy accepted once, or a row in any of these
/// tables. An account with none of them is what a first social sign-in made before its terms were asked.
enum UnusedAccount {
    static let dataTables = ["consent", "quiz", "result", "credit_event", "credit_balance", "account_setting",
                             "account_stage", "rating_vote", "first_answer", "quiz_ticket", "ad_event"]
}
