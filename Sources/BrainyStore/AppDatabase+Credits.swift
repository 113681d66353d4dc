import BrainyKit
import Foundation
import GRDB

/// Hint credits as a ledger (`CreditEvent`): every grant and use is a row with an id, the balance is their sum. The
/// `user.hintCredits` column of v1 is no longer read or written; the migration turned each balance into events.
extension AppDatabase: CreditLedgerRepository {
    /// A row's state: `pending` until the server answered for it, then `sent` (counted everywhere) or `refused` (no
    /// longer counted); `kept` for what a device held before the ledger beyond its starting credits, which stays on
    /// that device (nothing can verify it).
    enum CreditState: String {
        case pending, sent, refused, kept
    }

    static func registerCreditLedgerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-credit-ledger") { db in
            try db.create(table: "creditEvent") { t in
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("id", .text).notNull()
                t.primaryKey(["userId", "id"])
                t.column("kind", .text).notNull()
                t.column("amount", .integer).notNull()
                t.column("ref", .text)
                t.column("occurredAt", .datetime).notNull()
                t.column("state", .text).notNull()
                t.column("refusal", .text)
            }
            try db.create(index: "creditEvent_on_userId_state", on: "creditEvent", columns: ["userId", "state"])
            // Each balance becomes the account's starting credits (the same id on every device: the server counts it
            // once) and what this device held beyond them: a debt goes up as spent, a surplus stays here.
            try db.execute(sql: """
                INSERT INTO creditEvent (userId, id, kind, amount, occurredAt, state)
                SELECT id, 'start:' || id, 'start', ?, createdAt, 'pending' FROM user
                """, arguments: [CreditLedger.startingCredits])
            try db.execute(sql: """
                INSERT INTO creditEvent (userId, id, kind, amount, occurredAt, state)
                SELECT id, 'opening:' || lower(hex(randomblob(16))), 'opening', hintCredits - ?, createdAt,
                       CASE WHEN hintCredits < ? THEN 'pending' ELSE 'kept' END
                FROM user WHERE hintCredits != ?
                """, arguments: [CreditLedger.startingCredits, CreditLedger.startingCredits,
                                 CreditLedger.startingCredits])
        }
    }

    // MARK: Events the shell makes

    /// The account's starting credits, once (made again on another device with the same id).
    static func grantStartingCredits(_ db: Database, userId: String, at date: Date) throws {
        try insertCreditEvent(db, userId: userId, CreditEvent(
            id: CreditLedger.startId(userId: userId), kind: .start, amount: CreditLedger.startingCredits,
            occurredAt: date))
    }

    static func insertCreditEvent(_ db: Database, userId: String, _ event: CreditEvent,
                                  state: CreditState = .pending) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO creditEvent (userId, id, kind, amount, ref, occurredAt, state)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [userId, event.id, event.kind.rawValue, event.amount, event.ref, event.occurredAt,
                             state.rawValue])
    }

    /// The sum of an account's events that count (all but refused ones); its one argument is the account's id.
    static let creditSumSQL = """
        SELECT coalesce(sum(amount), 0) FROM creditEvent WHERE userId = ? AND state != 'refused'
        """

    /// The sum of the events that count, in a transaction (`creditSumSQL`).
    static func creditSum(_ db: Database, userId: String) throws -> Int {
        try Int.fetchOne(db, sql: creditSumSQL, arguments: [userId]) ?? 0
    }

    // MARK: Sync

    public func pendingCreditEvents(userId: String, limit: Int) throws(StoreError) -> [CreditEvent] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM creditEvent c WHERE userId = ? AND state = 'pending'
                  AND NOT (kind = 'ad_reward' AND EXISTS (SELECT 1 FROM adEvent a WHERE a.id = c.ref AND a.sentAt IS NULL))
                  AND NOT (kind = 'quiz_reward'
                           AND NOT EXISTS (SELECT 1 FROM quiz q WHERE q.id = c.ref AND q.needsSync = 0))
                ORDER BY occurredAt, rowid LIMIT ?
                """, arguments: [userId, limit]).compactMap(Self.creditEvent)
        }
    }

    public func settleCreditEvents(accepted: [String], refused: [(id: String, reason: String)], userId: String,
                                   at date: Date) throws(StoreError) {
        guard !accepted.isEmpty || !refused.isEmpty else { return }
        try write { db in
            let sent = try db.cachedStatement(sql: """
                UPDATE creditEvent SET state = 'sent' WHERE userId = ? AND id = ? AND state = 'pending'
                """)
            for id in accepted { try sent.execute(arguments: [userId, id]) }
            let refuse = try db.cachedStatement(sql: """
                UPDATE creditEvent SET state = 'refused', refusal = ? WHERE userId = ? AND id = ? AND state = 'pending'
                """)
            for refusal in refused { try refuse.execute(arguments: [refusal.reason, userId, refusal.id]) }
        }
    }

    public func keepDownloadedCredits(_ events: [CreditEvent], userId: String, cursor: Int64,
                                      cursorKey key: String) throws(StoreError) -> Int {
        try write { db in
            var added = 0
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO creditEvent (userId, id, kind, amount, ref, occurredAt, state)
                VALUES (?, ?, ?, ?, ?, ?, 'sent')
                """)
            // One of this device's own, stored by the server though its answer never came back: now known as sent.
            let known = try db.cachedStatement(sql: """
                UPDATE creditEvent SET state = 'sent', refusal = NULL WHERE userId = ? AND id = ? AND state != 'sent'
                """)
            for event in events {
                try insert.execute(arguments: [userId, event.id, event.kind.rawValue, event.amount, event.ref,
                                               event.occurredAt])
                if db.changesCount > 0 {
                    added += 1
                } else {
                    try known.execute(arguments: [userId, event.id])
                }
            }
            try db.execute(sql: """
                INSERT INTO syncState (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, String(cursor)])
            return added
        }
    }

    private static func creditEvent(_ row: Row) -> CreditEvent? {
        guard let kind = CreditEventKind(rawValue: row["kind"]) else { return nil }
        return CreditEvent(id: row["id"], kind: kind, amount: row["amount"], ref: row["ref"],
                           occurredAt: row["occurredAt"])
    }
}
