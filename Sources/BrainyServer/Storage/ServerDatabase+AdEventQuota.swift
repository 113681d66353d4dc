import Foundation
import GRDB

extension ServerDatabase {
    func adEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM ad_event WHERE accountId = ? AND receivedAt >= ?",
                             arguments: [accountId, date]) ?? 0
        }
    }
}
