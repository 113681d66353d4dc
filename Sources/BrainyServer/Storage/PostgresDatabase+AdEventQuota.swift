import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// The index the daily quota of ad events reads: without it, the count walked every event the account ever sent
    /// (up to 2,000 a day, for as long as it has played), on every upload.
    static let adEventQuotaMigration = Migration(id: "v10-ad-event-received", statements: [
        "CREATE INDEX ad_event_on_account_id_received_at ON ad_event (account_id, received_at)",
    ])

    func adEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await rows("""
            SELECT count(*) AS events FROM ad_event WHERE account_id = \(accountId) AND received_at >= \(date)
            """).first?.value("events") ?? 0
    }
}
