import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: CreditLedgerStore {
    /// The hint-credit ledger (as `PostgresDatabase.creditLedgerMigration`): events numbered by the account's
    /// sequence of v12-sync-sequence as they are stored, so that pages since a cursor are stable.
    static func registerCreditLedgerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-credit-ledger") { db in
            try db.create(table: "credit_event") { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("id", .text).notNull()
                t.primaryKey(["accountId", "id"])
                t.column("kind", .text).notNull()
                t.column("amount", .integer).notNull()
                t.column("ref", .text)
                t.column("occurredAt", .datetime).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.column("syncSeq", .integer)
            }
            try db.create(index: "credit_event_on_accountId_syncSeq", on: "credit_event", columns: ["accountId", "syncSeq"])
            try db.create(index: "credit_event_on_accountId_receivedAt", on: "credit_event",
                          columns: ["accountId", "receivedAt"])
            try db.execute(sql: """
                CREATE TRIGGER credit_event_sync_seq AFTER INSERT ON credit_event BEGIN
                    INSERT INTO sync_counter (accountId, seq) VALUES (NEW.accountId, 1)
                    ON CONFLICT (accountId) DO UPDATE SET seq = seq + 1;
                    UPDATE credit_event SET syncSeq = (SELECT seq FROM sync_counter WHERE accountId = NEW.accountId)
                    WHERE accountId = NEW.accountId AND id = NEW.id;
                END
                """)
        }
    }

    public func recordCreditEvents(_ events: [CreditEvent], accountId: String, receivedAt: Date) async throws
        -> CreditEventsResponse? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)",
                                    arguments: [accountId]) == true
            else { return nil }
            var facts = CreditFacts()
            let ad = try db.cachedStatement(sql: """
                SELECT rewardHints FROM ad_event
                WHERE id = ? AND accountId = ? AND kind = 'completion' AND accepted AND rewardHints > 0
                """)
            for id in CreditRules.adEventIds(events) {
                if let hints = try Int.fetchOne(ad, arguments: [id, accountId]) { facts.adRewards[id] = hints }
            }
            let quiz = try db.cachedStatement(sql: """
                SELECT correctCount, questionCount FROM quiz WHERE id = ? AND accountId = ?
                """)
            for id in CreditRules.quizIds(events) {
                if let row = try Row.fetchOne(quiz, arguments: [id, accountId]) {
                    facts.quizzes[id] = (row["correctCount"], row["questionCount"])
                }
            }
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO credit_event (accountId, id, kind, amount, ref, occurredAt, receivedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let held = try db.cachedStatement(sql: "SELECT 1 FROM credit_event WHERE accountId = ? AND id = ?")
            var results: [CreditEventVerdict] = []
            for event in events {
                if try Bool.fetchOne(held, arguments: [accountId, event.id]) == true {
                    results.append(CreditEventVerdict(id: event.id, accepted: true))
                    continue
                }
                if let reason = CreditRules.judge(event, accountId: accountId, facts: facts) {
                    results.append(CreditEventVerdict(id: event.id, accepted: false, reason: reason))
                    continue
                }
                try insert.execute(arguments: [accountId, event.id, event.kind.rawValue, event.amount, event.ref,
                                               event.occurredAt, receivedAt])
                results.append(CreditEventVerdict(id: event.id, accepted: true))
            }
            return CreditEventsResponse(results: results, balance: try Self.creditBalance(db, accountId: accountId))
        }
    }

    public func creditLedger(accountId: String, since: Int64, limit: Int) async throws -> CreditLedgerPage {
        try await writer.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM credit_event WHERE accountId = ? AND syncSeq > ? ORDER BY syncSeq LIMIT ?
                """, arguments: [accountId, since, limit + 1])
            let page = rows.prefix(limit)
            return CreditLedgerPage(
                events: page.map { row in
                    CreditLedgerPage.Event(id: row["id"], kind: row["kind"], amount: row["amount"], ref: row["ref"],
                                           occurredAt: row["occurredAt"])
                },
                cursor: page.last.map { $0["syncSeq"] } ?? since, more: rows.count > limit,
                balance: try Self.creditBalance(db, accountId: accountId))
        }
    }

    public func creditEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM credit_event WHERE accountId = ? AND receivedAt >= ?",
                             arguments: [accountId, date]) ?? 0
        }
    }

    /// The sum of the account's events of the kinds this server knows (one a newer server wrote is served, not
    /// counted), from the totals kept per kind (v21-credit-balances).
    private static func creditBalance(_ db: Database, accountId: String) throws -> Int {
        CreditLedger.balance(sum: try Int.fetchOne(db.cachedStatement(sql: keptCreditBalance),
                                                   arguments: [accountId, try jsonArray(CreditRules.knownKinds)]) ?? 0)
    }
}
