import Foundation

/// The device's copy of the account's hint-credit ledger (`CreditEvent`), for `sync`. The balance itself is
/// `AccountRepository.hintCredits(userId:)`.
public protocol CreditLedgerRepository: Sendable {
    /// Events the server has not answered for yet, oldest first, at most `limit`. An ad reward waits until its ad
    /// event was sent, a quiz reward until its quiz was accepted (the server verifies a grant against them).
    func pendingCreditEvents(userId: String, limit: Int) throws(StoreError) -> [CreditEvent]
    /// Keeps the server's verdicts in one transaction: accepted events are sent; refused ones no longer count.
    func settleCreditEvents(accepted: [String], refused: [(id: String, reason: String)], userId: String, at date: Date)
        throws(StoreError)
    /// Keeps one downloaded page of the account's ledger (an id already held is kept once) with its cursor under
    /// `cursorKey`, in one transaction; returns how many events were new. Read the cursor with `downloadCursor(key:)`.
    func keepDownloadedCredits(_ events: [CreditEvent], userId: String, cursor: Int64, cursorKey: String)
        throws(StoreError) -> Int
}
