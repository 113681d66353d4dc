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
}
