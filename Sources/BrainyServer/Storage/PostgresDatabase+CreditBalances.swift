import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// As SQLite's v21-credit-balances: each account's credits per kind of event, kept by a trigger in the
    /// transaction that keeps each event (the upsert's row lock orders an account's writers), filled from the events
    /// held. Taking the table's lock first holds off instances still writing events while the fill reads them.
    static let creditBalanceMigration = Migration(id: "v18-credit-balances", statements: [
        "LOCK TABLE credit_event IN SHARE ROW EXCLUSIVE MODE",
        """
        CREATE TABLE credit_balance (
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            kind TEXT NOT NULL,
            total BIGINT NOT NULL,
            PRIMARY KEY (account_id, kind)
        )
        """,
        """
        INSERT INTO credit_balance (account_id, kind, total)
        SELECT account_id, kind, sum(amount) FROM credit_event GROUP BY account_id, kind
        """,
        """
        CREATE FUNCTION keep_credit_balance() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO credit_balance (account_id, kind, total) VALUES (NEW.account_id, NEW.kind, NEW.amount)
            ON CONFLICT (account_id, kind) DO UPDATE SET total = credit_balance.total + EXCLUDED.total;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER credit_event_balance AFTER INSERT ON credit_event FOR EACH ROW
        EXECUTE FUNCTION keep_credit_balance()
        """,
    ])

    /// The account's kept credits of the kinds this server knows.
    static func keptCreditBalance(accountId: String) -> PostgresQuery {
        """
        SELECT coalesce(sum(total), 0)::bigint AS total FROM credit_balance
        WHERE account_id = \(accountId) AND kind = ANY(\(CreditRules.knownKinds))
        """
    }
}
