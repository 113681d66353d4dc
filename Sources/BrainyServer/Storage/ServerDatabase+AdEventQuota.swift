import Foundation
import GRDB

extension ServerDatabase {
    /// The index the daily quota of ad events reads (as `PostgresDatabase.adEventQuotaMigration`).
    static func registerAdEventQuotaMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14-ad-event-received") { db in
            try db.create(index: "ad_event_on_accountId_receivedAt", on: "ad_event", columns: ["accountId", "receivedAt"])
        }
    }

    func adEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM ad_event WHERE accountId = ? AND receivedAt >= ?",
                             arguments: [accountId, date]) ?? 0
        }
    }
}
