import GRDB

extension ServerDatabase {
    /// Each account's credits per kind of event (as `PostgresDatabase.creditBalanceMigration`), kept by a trigger in
    /// the transaction that keeps each event, so that a balance reads a row per kind instead of summing every event
    /// the account ever kept (and a server of any version writing an event keeps it right). Filled from the events
    /// held. Events leave only with their account, and its balances with it.
    static func registerCreditBalanceMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21-credit-balances") { db in
            try db.create(table: "credit_balance") { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.primaryKey(["accountId", "kind"])
                t.column("total", .integer).notNull()
            }
            try db.execute(sql: """
                INSERT INTO credit_balance (accountId, kind, total)
                SELECT accountId, kind, sum(amount) FROM credit_event GROUP BY accountId, kind
                """)
            try db.execute(sql: """
                CREATE TRIGGER credit_event_balance AFTER INSERT ON credit_event BEGIN
                    INSERT INTO credit_balance (accountId, kind, total) VALUES (NEW.accountId, NEW.kind, NEW.amount)
                    ON CONFLICT (accountId, kind) DO UPDATE SET total = total + NEW.amount;
                END
                """)
        }
    }

    /// The account's kept credits of the kinds this server knows. Arguments: accountId, the kinds (`jsonArray`).
    static let keptCreditBalance = """
        SELECT coalesce(sum(total), 0) FROM credit_balance
        WHERE accountId = ? AND kind IN (SELECT value FROM json_each(?))
        """
}
