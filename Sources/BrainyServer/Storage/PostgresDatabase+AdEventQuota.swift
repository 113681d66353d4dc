import Foundation
import PostgresNIO

extension PostgresDatabase {
    func adEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await rows("""
            SELECT count(*) AS events FROM ad_event WHERE account_id = \(accountId) AND received_at >= \(date)
            """).first?.value("events") ?? 0
    }
}
