import BrainyAPI
import BrainyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase: CreditLedgerStore {
    /// As SQLite's v15-credit-ledger: events numbered by the account's sequence (`next_sync_seq` of
    /// v8-sync-sequence, whose counter row lock keeps the numbers visible in order).
    static let creditLedgerMigration = Migration(id: "v11-credit-ledger", statements: [
        """
        CREATE TABLE credit_event (
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            amount INTEGER NOT NULL,
            ref TEXT,
            occurred_at TIMESTAMPTZ NOT NULL,
            received_at TIMESTAMPTZ NOT NULL,
            sync_seq BIGINT,
            PRIMARY KEY (account_id, id)
        )
        """,
        "CREATE INDEX credit_event_on_account_id_sync_seq ON credit_event (account_id, sync_seq)",
        "CREATE INDEX credit_event_on_account_id_received_at ON credit_event (account_id, received_at)",
        """
        CREATE TRIGGER credit_event_sync_seq BEFORE INSERT ON credit_event FOR EACH ROW
        EXECUTE FUNCTION next_sync_seq()
        """,
    ])

    /// A fixed number of statements whatever the batch's size: what the grants name and the ids already held are
    /// read at once, the events judged in memory, the accepted ones inserted in one statement.
    public func recordCreditEvents(_ events: [CreditEvent], accountId: String, receivedAt: Date) async throws
        -> CreditEventsResponse? {
        try await transaction { [logger] connection in
            // Locks the account: two uploads of one account are judged one after the other on every instance.
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(accountId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            var facts = CreditFacts()
            let adIds = CreditRules.adEventIds(events)
            if !adIds.isEmpty {
                for row in try await connection.rows("""
                    SELECT id, reward_hints FROM ad_event
                    WHERE id = ANY(\(adIds)) AND account_id = \(accountId) AND kind = 'completion' AND accepted
                      AND reward_hints > 0
                    """, logger: logger) {
                    facts.adRewards[try row.value("id")] = try row.value("reward_hints", as: Int.self)
                }
            }
            let quizIds = CreditRules.quizIds(events)
            if !quizIds.isEmpty {
                for row in try await connection.rows("""
                    SELECT id, correct_count, question_count FROM quiz
                    WHERE id = ANY(\(quizIds)) AND account_id = \(accountId)
                    """, logger: logger) {
                    facts.quizzes[try row.value("id")] = (try row.value("correct_count", as: Int.self),
                                                          try row.value("question_count", as: Int.self))
                }
            }
            var held = Set<String>()
            for row in try await connection.rows("""
                SELECT id FROM credit_event WHERE account_id = \(accountId) AND id = ANY(\(events.map(\.id)))
                """, logger: logger) {
                held.insert(try row.value("id"))
            }
            var results: [CreditEventVerdict] = []
            var kept: [CreditEvent] = []
            for event in events {
                if held.contains(event.id) {
                    results.append(CreditEventVerdict(id: event.id, accepted: true))
                } else if let reason = CreditRules.judge(event, accountId: accountId, facts: facts) {
                    results.append(CreditEventVerdict(id: event.id, accepted: false, reason: reason))
                } else {
                    held.insert(event.id)
                    kept.append(event)
                    results.append(CreditEventVerdict(id: event.id, accepted: true))
                }
            }
            if !kept.isEmpty {
                // Arrays cannot hold NULL here: an empty ref stands for none. Inserted in the batch's order, so that
                // the numbers follow it.
                try await connection.run("""
                    INSERT INTO credit_event (account_id, id, kind, amount, ref, occurred_at, received_at)
                    SELECT \(accountId), id, kind, amount, NULLIF(ref, ''), occurred_at, \(receivedAt)
                    FROM unnest(\(kept.map(\.id)), \(kept.map(\.kind.rawValue)), \(kept.map(\.amount)),
                                \(kept.map { $0.ref ?? "" }), \(kept.map(\.occurredAt)))
                         WITH ORDINALITY AS e(id, kind, amount, ref, occurred_at, n)
                    ORDER BY n
                    """, logger: logger)
            }
            return CreditEventsResponse(results: results,
                                        balance: try await Self.creditBalance(connection, accountId: accountId, logger: logger))
        }
    }

    public func creditLedger(accountId: String, since: Int64, limit: Int) async throws -> CreditLedgerPage {
        try await transaction { [logger] connection in
            // One snapshot for the page and the balance.
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            let rows = try await connection.rows("""
                SELECT * FROM credit_event WHERE account_id = \(accountId) AND sync_seq > \(since)
                ORDER BY sync_seq LIMIT \(limit + 1)
                """, logger: logger)
            var events: [CreditLedgerPage.Event] = []
            var cursor = since
            for row in rows.prefix(limit) {
                events.append(CreditLedgerPage.Event(
                    id: try row.value("id"), kind: try row.value("kind"), amount: try row.value("amount", as: Int.self),
                    ref: try row.value("ref", as: String?.self), occurredAt: try row.value("occurred_at")))
                cursor = try row.value("sync_seq", as: Int64.self)
            }
            return CreditLedgerPage(events: events, cursor: cursor, more: rows.count > limit,
                                    balance: try await Self.creditBalance(connection, accountId: accountId, logger: logger))
        }
    }

    public func creditEventsReceived(accountId: String, since date: Date) async throws -> Int {
        try await rows("""
            SELECT count(*) AS events FROM credit_event WHERE account_id = \(accountId) AND received_at >= \(date)
            """).first?.value("events") ?? 0
    }

    /// As SQLite's: the sum of the account's events of the kinds this server knows, from the totals kept per kind
    /// (v18-credit-balances).
    private static func creditBalance(_ connection: PostgresConnection, accountId: String, logger: Logger) async throws
        -> Int {
        let sum = try await connection.rows(keptCreditBalance(accountId: accountId), logger: logger).first?
            .value("total", as: Int.self) ?? 0
        return CreditLedger.balance(sum: sum)
    }
}
