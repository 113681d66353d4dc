import Logging
import PostgresNIO

extension PostgresDatabase {
    /// A schema change, applied once and recorded in `schema_migration`. Never edited after it lands: a change is a
    /// new migration.
    struct Migration: Sendable {
        var id: String
        var statements: [String]
    }

    /// The advisory lock every instance takes while it migrates: two started at once migrate one after the other,
    /// and the second finds nothing left to do. ("brainy" in ASCII.)
    static let migrationLock: Int64 = 0x62_72_61_69_6E_79

    /// The server's schema on PostgreSQL: the SQLite schema's first five migrations as one, since no PostgreSQL
    /// database predates them, then the ones after. Names are snake_case, as PostgreSQL folds unquoted names to lower
    /// case.
    static let migrations: [Migration] = [
        Migration(id: "v1", statements: [
            """
            CREATE TABLE account (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                display_name TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                provider TEXT NOT NULL DEFAULT 'email',
                created_at TIMESTAMPTZ NOT NULL,
                last_login_at TIMESTAMPTZ
            )
            """,
            """
            CREATE TABLE refresh_token (
                hash TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                family_id TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL,
                expires_at TIMESTAMPTZ NOT NULL,
                used_at TIMESTAMPTZ,
                revoked_at TIMESTAMPTZ
            )
            """,
            "CREATE INDEX refresh_token_on_account_id ON refresh_token (account_id)",
            "CREATE INDEX refresh_token_on_family_id ON refresh_token (family_id)",
            """
            CREATE TABLE login_failure (
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                address TEXT NOT NULL,
                failures INTEGER NOT NULL,
                lockouts INTEGER NOT NULL DEFAULT 0,
                locked_until TIMESTAMPTZ,
                last_failure_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (account_id, address)
            )
            """,
            """
            CREATE TABLE identity (
                provider TEXT NOT NULL,
                subject TEXT NOT NULL,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                email TEXT,
                linked_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (provider, subject)
            )
            """,
            "CREATE INDEX identity_on_account_id ON identity (account_id)",
            """
            CREATE TABLE quiz (
                id TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                category TEXT NOT NULL,
                type TEXT NOT NULL,
                format TEXT NOT NULL,
                correct_count INTEGER NOT NULL,
                question_count INTEGER NOT NULL,
                started_at TIMESTAMPTZ NOT NULL,
                finished_at TIMESTAMPTZ,
                received_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX quiz_on_account_id_finished_at ON quiz (account_id, finished_at)",
            """
            CREATE TABLE result (
                id TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                quiz_id TEXT NOT NULL,
                question_id TEXT NOT NULL,
                category TEXT NOT NULL,
                type TEXT NOT NULL,
                outcome TEXT NOT NULL,
                time_spent DOUBLE PRECISION NOT NULL,
                answered_at TIMESTAMPTZ NOT NULL,
                hint_used BOOLEAN NOT NULL,
                received_at TIMESTAMPTZ NOT NULL,
                ranked BOOLEAN NOT NULL DEFAULT FALSE
            )
            """,
            "CREATE INDEX result_on_account_id ON result (account_id)",
            "CREATE INDEX result_on_ranked_answered_at ON result (ranked, answered_at)",
            "CREATE INDEX result_on_question_id ON result (question_id)",
            """
            CREATE TABLE house_ad (
                id TEXT PRIMARY KEY,
                sponsor TEXT NOT NULL,
                text TEXT NOT NULL,
                link TEXT NOT NULL,
                placement TEXT NOT NULL,
                lang TEXT NOT NULL,
                weight INTEGER NOT NULL,
                duration_seconds INTEGER,
                reward_hints INTEGER,
                paused BOOLEAN NOT NULL DEFAULT FALSE,
                created_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE ad_token (
                nonce TEXT PRIMARY KEY,
                ad_id TEXT NOT NULL REFERENCES house_ad,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                placement TEXT NOT NULL,
                issued_at BIGINT NOT NULL,
                expires_at TIMESTAMPTZ NOT NULL,
                redeemed_at TIMESTAMPTZ
            )
            """,
            "CREATE INDEX ad_token_on_ad_id ON ad_token (ad_id)",
            "CREATE INDEX ad_token_on_account_id ON ad_token (account_id)",
            """
            CREATE TABLE ad_event (
                id TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                ad_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                token_nonce TEXT,
                occurred_at TIMESTAMPTZ NOT NULL,
                received_at TIMESTAMPTZ NOT NULL,
                accepted BOOLEAN NOT NULL,
                reason TEXT,
                reward_hints INTEGER,
                reward_day TIMESTAMPTZ
            )
            """,
            "CREATE INDEX ad_event_on_ad_id ON ad_event (ad_id)",
            "CREATE INDEX ad_event_on_account_id_reward_day ON ad_event (account_id, reward_day)",
        ]),
        // The rate limiter's token buckets, shared by every instance. `granted` is the verdict on the last request
        // counted, which the one statement that counts it returns; a bucket past `full_at` is swept.
        Migration(id: "v2-rate-limit-buckets", statements: [
            """
            CREATE TABLE rate_limit_bucket (
                key TEXT PRIMARY KEY,
                tokens DOUBLE PRECISION NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL,
                full_at TIMESTAMPTZ NOT NULL,
                granted BOOLEAN NOT NULL
            )
            """,
            "CREATE INDEX rate_limit_bucket_on_full_at ON rate_limit_bucket (full_at)",
        ]),
        // The development identity provider's device codes (`--dev-idp`). `user_code_key` is the user code as looked
        // up: upper case, without the dash.
        Migration(id: "v3-device-authorizations", statements: [
            """
            CREATE TABLE device_authorization (
                device_code TEXT PRIMARY KEY,
                user_code TEXT NOT NULL,
                user_code_key TEXT NOT NULL UNIQUE,
                provider TEXT NOT NULL,
                client_id TEXT NOT NULL,
                expires_at TIMESTAMPTZ NOT NULL,
                decision TEXT NOT NULL,
                email TEXT
            )
            """,
            "CREATE INDEX device_authorization_on_expires_at ON device_authorization (expires_at)",
        ]),
        // Each (UTC day, account, question)'s first ranked answer, kept as results are stored, so that the
        // leaderboard groups one day's rows (found by the key's first column) instead of ranking every result of the
        // day on each request; filled from the ranked results stored before, first by answered_at, then id.
        Migration(id: "v4-first-answers", statements: [
            """
            CREATE TABLE first_answer (
                day INTEGER NOT NULL,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                question_id TEXT NOT NULL,
                result_id TEXT NOT NULL,
                answered_at TIMESTAMPTZ NOT NULL,
                outcome TEXT NOT NULL,
                PRIMARY KEY (day, account_id, question_id)
            )
            """,
            """
            INSERT INTO first_answer (day, account_id, question_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (day, account_id, question_id)
                   floor(extract(epoch FROM answered_at) / 86400)::integer AS day, account_id, question_id, id,
                   answered_at, outcome
            FROM result WHERE ranked
            ORDER BY day, account_id, question_id, answered_at, id COLLATE "C"
            """,
        ]),
        // The development identity provider's signing key (`--dev-idp`), PKCS#8 PEM: one row, so that every instance
        // signs with the same key and accepts the others' tokens.
        Migration(id: "v5-dev-idp-key", statements: [
            "CREATE TABLE dev_idp_key (id INTEGER PRIMARY KEY CHECK (id = 1), pem TEXT NOT NULL)",
        ]),
        // As SQLite's v10-plausible-play: `eligible` (the result's own checks) apart from `ranked` (its quiz's
        // plausibility too), quizzes marked ranked, the indexes the ranking and the quota read, and one rating vote
        // per (question, account).
        Migration(id: "v6-plausible-play", statements: [
            "ALTER TABLE result ADD COLUMN eligible BOOLEAN NOT NULL DEFAULT FALSE",
            "UPDATE result SET eligible = ranked",
            "CREATE INDEX result_on_account_id_quiz_id ON result (account_id, quiz_id)",
            "CREATE INDEX result_on_account_id_question_id ON result (account_id, question_id)",
            "CREATE INDEX result_on_account_id_received_at ON result (account_id, received_at)",
            "ALTER TABLE quiz ADD COLUMN ranked BOOLEAN NOT NULL DEFAULT FALSE",
            "UPDATE quiz SET ranked = EXISTS (SELECT 1 FROM result r WHERE r.quiz_id = quiz.id AND r.ranked)",
            "CREATE INDEX quiz_on_account_id_started_at ON quiz (account_id, started_at)",
            """
            CREATE TABLE rating_vote (
                question_id TEXT NOT NULL,
                account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
                result_id TEXT NOT NULL,
                answered_at TIMESTAMPTZ NOT NULL,
                outcome TEXT NOT NULL,
                PRIMARY KEY (question_id, account_id)
            )
            """,
            """
            INSERT INTO rating_vote (question_id, account_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (question_id, account_id) question_id, account_id, id, answered_at, outcome
            FROM result WHERE ranked
            ORDER BY question_id, account_id, answered_at, id COLLATE "C"
            """,
        ]),
        // As SQLite's v11-login-throttle: failed sign-ins per (email, client address or device cookie).
        Migration(id: "v7-login-throttle", statements: [
            """
            CREATE TABLE login_throttle (
                subject TEXT NOT NULL,
                client TEXT NOT NULL,
                failures INTEGER NOT NULL,
                lockouts INTEGER NOT NULL DEFAULT 0,
                locked_until TIMESTAMPTZ,
                last_failure_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (subject, client)
            )
            """,
            "CREATE INDEX login_throttle_on_last_failure_at ON login_throttle (last_failure_at)",
        ]),
    ] + syncSequenceMigrations + [quizTicketMigration, adEventQuotaMigration, creditLedgerMigration,
                                                   sharedSettingsMigration, stageProgressMigration,
                                                   answersAsGivenMigration, stageClaimIndexMigration,
                                                   uploadIndexMigration, quizStageMigration, browserSignInMigration,
                                                   creditBalanceMigration, consentMigration]

    /// Runs the migrations `connection`'s database lacks, holding `migrationLock` meanwhile, each in a transaction
    /// with its record. Refuses a database that a newer server migrated further. `last`, for tests, stops after that
    /// migration.
    static func migrate(_ connection: PostgresConnection, through last: String? = nil, logger: Logger) async throws {
        try await connection.run("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
        do {
            try await applyMissingMigrations(connection, through: last, logger: logger)
            try await connection.run("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
        } catch {
            try? await connection.run("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            throw error
        }
    }

    private static func applyMissingMigrations(_ connection: PostgresConnection, through last: String?,
                                               logger: Logger) async throws {
        try await connection.run("""
            CREATE TABLE IF NOT EXISTS schema_migration (
                id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """, logger: logger)
        let applied = Set(try await connection.rows("SELECT id FROM schema_migration", logger: logger)
            .map { try $0.value("id", as: String.self) })
        if let unknown = applied.subtracting(migrations.map(\.id)).sorted().first {
            throw StorageError(message: "The PostgreSQL database has migration '\(unknown)', which this brainy-server does not know: a newer version migrated it. Run that version (or a newer one) against it.")
        }
        let wanted = last.flatMap { last in migrations.firstIndex { $0.id == last } }.map { migrations[...$0] }
            ?? migrations[...]
        for migration in wanted where !applied.contains(migration.id) {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.statements {
                    try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.run("INSERT INTO schema_migration (id) VALUES (\(migration.id))", logger: logger)
            }
            logger.info("Applied PostgreSQL migration \(migration.id)")
        }
    }
}
