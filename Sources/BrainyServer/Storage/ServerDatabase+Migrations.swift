import GRDB

extension ServerDatabase {
    /// The server's own schema (not the shell's). Migrations are never edited after they land.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "signing_key") { t in
                t.primaryKey("id", .integer)
                t.column("key", .blob).notNull()
            }
            try db.create(table: "account") { t in
                t.primaryKey("id", .text)
                t.column("email", .text).notNull().unique()
                t.column("displayName", .text).notNull()
                t.column("passwordHash", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("lastLoginAt", .datetime)
                t.column("failedLoginAttempts", .integer).notNull().defaults(to: 0)
                t.column("lockedUntil", .datetime)
            }
            try db.create(table: "refresh_token") { t in
                t.primaryKey("hash", .text)
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade).indexed()
                t.column("familyId", .text).notNull().indexed()
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("usedAt", .datetime)
                t.column("revokedAt", .datetime)
            }
            try db.create(table: "quiz") { t in
                t.primaryKey("id", .text)
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade).indexed()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                t.column("format", .text).notNull()
                t.column("correctCount", .integer).notNull()
                t.column("questionCount", .integer).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime)
                t.column("receivedAt", .datetime).notNull()
            }
            try db.create(table: "result") { t in
                t.primaryKey("id", .text)
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade).indexed()
                t.column("quizId", .text).notNull()
                t.column("questionId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("timeSpent", .double).notNull()
                t.column("answeredAt", .datetime).notNull().indexed()
                t.column("hintUsed", .boolean).notNull()
                t.column("receivedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2-social-identities") { db in
            // Accounts made by Google or Apple sign-in have no password (an empty hash) and say so here.
            try db.alter(table: "account") { t in
                t.add(column: "provider", .text).notNull().defaults(to: "email")
            }
            try db.create(table: "identity") { t in
                t.column("provider", .text).notNull()
                t.column("subject", .text).notNull()
                t.primaryKey(["provider", "subject"])
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade).indexed()
                t.column("email", .text)
                t.column("linkedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3-ads") { db in
            try db.create(table: "house_ad") { t in
                t.primaryKey("id", .text)
                t.column("sponsor", .text).notNull()
                t.column("text", .text).notNull()
                t.column("link", .text).notNull()
                t.column("placement", .text).notNull()
                t.column("lang", .text).notNull()
                t.column("weight", .integer).notNull()
                t.column("durationSeconds", .integer)
                t.column("rewardHints", .integer)
                t.column("paused", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .datetime).notNull()
            }
            // Every token served, by nonce: a completion redeems its token once.
            try db.create(table: "ad_token") { t in
                t.primaryKey("nonce", .text)
                t.column("adId", .text).notNull().references("house_ad").indexed()
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade).indexed()
                t.column("placement", .text).notNull()
                t.column("issuedAt", .integer).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("redeemedAt", .datetime)
            }
            // Events as devices uploaded them, with the verdict each got, so that one sent again gets the same.
            try db.create(table: "ad_event") { t in
                t.primaryKey("id", .text)
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("adId", .text).notNull().indexed()
                t.column("kind", .text).notNull()
                t.column("tokenNonce", .text)
                t.column("occurredAt", .datetime).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.column("accepted", .boolean).notNull()
                t.column("reason", .text)
                t.column("rewardHints", .integer)
                // The UTC day an accepted reward counts against; null for everything else.
                t.column("rewardDay", .datetime)
            }
            try db.create(index: "ad_event_on_accountId_rewardDay", on: "ad_event", columns: ["accountId", "rewardDay"])
        }
        migrator.registerMigration("v4-ranked-results") { db in
            // Whether the leaderboard may count a result: a question of the served pack, answered after the account
            // was made. Results stored before were never checked, so they do not count.
            try db.alter(table: "result") { t in
                t.add(column: "ranked", .boolean).notNull().defaults(to: false)
            }
            try db.create(index: "result_on_ranked_answeredAt", on: "result", columns: ["ranked", "answeredAt"])
        }
        migrator.registerMigration("v5-login-failures") { db in
            // Failed sign-ins per (account, client address): a lock-out holds off that address only.
            try db.create(table: "login_failure") { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("address", .text).notNull()
                t.primaryKey(["accountId", "address"])
                t.column("failures", .integer).notNull()
                t.column("lockouts", .integer).notNull().defaults(to: 0)
                t.column("lockedUntil", .datetime)
                t.column("lastFailureAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v6-rate-limit-buckets") { db in
            // The rate limiter's token buckets, so that every process on the file counts into the same ones. A
            // bucket full again (`fullAt`) holds nothing a new one would not, and is swept.
            try db.create(table: "rate_limit_bucket") { t in
                t.primaryKey("key", .text)
                t.column("tokens", .double).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("fullAt", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v7-device-authorizations") { db in
            // The development identity provider's device codes (`--dev-idp`). `userCodeKey` is the user code as
            // looked up: upper case, without the dash.
            try db.create(table: "device_authorization") { t in
                t.primaryKey("deviceCode", .text)
                t.column("userCode", .text).notNull()
                t.column("userCodeKey", .text).notNull().unique()
                t.column("provider", .text).notNull()
                t.column("clientId", .text).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
                t.column("decision", .text).notNull()
                t.column("email", .text)
            }
        }
        migrator.registerMigration("v8-first-answers") { db in
            // Each (UTC day, account, question)'s first ranked answer, kept as results are stored, so that the
            // leaderboard groups one day's rows instead of ranking every result of the day on each request. Without
            // rowid, rows lie in key order: one day's are next to each other, already by account.
            try db.create(table: "first_answer", options: .withoutRowID) { t in
                t.column("day", .integer).notNull()
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("questionId", .text).notNull()
                t.primaryKey(["day", "accountId", "questionId"])
                t.column("resultId", .text).notNull()
                t.column("answeredAt", .datetime).notNull()
                t.column("outcome", .text).notNull()
            }
            // The ranked results stored before: each (day, account, question)'s first by answeredAt, then id, as the
            // leaderboard counted them.
            try db.execute(sql: """
                INSERT INTO first_answer (day, accountId, questionId, resultId, answeredAt, outcome)
                SELECT day, accountId, questionId, id, answeredAt, outcome
                FROM (
                    SELECT CAST(strftime('%s', answeredAt) AS INTEGER) / 86400 AS day, accountId, questionId, id,
                           answeredAt, outcome,
                           ROW_NUMBER() OVER (PARTITION BY CAST(strftime('%s', answeredAt) AS INTEGER) / 86400,
                                                           accountId, questionId
                                              ORDER BY answeredAt, id) AS n
                    FROM result WHERE ranked
                )
                WHERE n = 1
                """)
        }
        migrator.registerMigration("v9-dev-idp-key") { db in
            // The development identity provider's signing key (`--dev-idp`), PKCS#8 PEM: one row, so that every
            // process on the file signs with the same key.
            try db.create(table: "dev_idp_key") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("pem", .text).notNull()
            }
        }
        migrator.registerMigration("v10-plausible-play") { db in
            // `eligible`: the result passed the checks one result can pass alone (ResultCheck); `ranked` now also
            // takes its quiz's plausibility (LeaderboardRules), judged again whenever the quiz or more of its results
            // arrive. Results stored before keep the verdict they had.
            try db.alter(table: "result") { t in
                t.add(column: "eligible", .boolean).notNull().defaults(to: false)
            }
            try db.execute(sql: "UPDATE result SET eligible = ranked")
            try db.create(index: "result_on_accountId_quizId", on: "result", columns: ["accountId", "quizId"])
            try db.create(index: "result_on_accountId_questionId", on: "result", columns: ["accountId", "questionId"])
            // Results received per account and day: the storage quota.
            try db.create(index: "result_on_accountId_receivedAt", on: "result", columns: ["accountId", "receivedAt"])
            // Whether any answer of the quiz ranks: another quiz of the account overlapping it in time does not.
            try db.alter(table: "quiz") { t in
                t.add(column: "ranked", .boolean).notNull().defaults(to: false)
            }
            try db.execute(sql: """
                UPDATE quiz SET ranked = EXISTS (SELECT 1 FROM result r WHERE r.quizId = quiz.id AND r.ranked)
                """)
            try db.create(index: "quiz_on_accountId_startedAt", on: "quiz", columns: ["accountId", "startedAt"])
            // Each (question, account)'s first answer to a question the server can check: the question ratings
            // count one vote per account. Filled from the results stored before that could rank (questions the
            // server knew).
            try db.create(table: "rating_vote", options: .withoutRowID) { t in
                t.column("questionId", .text).notNull()
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.primaryKey(["questionId", "accountId"])
                t.column("resultId", .text).notNull()
                t.column("answeredAt", .datetime).notNull()
                t.column("outcome", .text).notNull()
            }
            try db.execute(sql: """
                INSERT INTO rating_vote (questionId, accountId, resultId, answeredAt, outcome)
                SELECT questionId, accountId, id, answeredAt, outcome
                FROM (
                    SELECT questionId, accountId, id, answeredAt, outcome,
                           ROW_NUMBER() OVER (PARTITION BY questionId, accountId ORDER BY answeredAt, id) AS n
                    FROM result WHERE ranked
                )
                WHERE n = 1
                """)
        }
        migrator.registerMigration("v11-login-throttle") { db in
            // Failed sign-ins per (email, client): the client is an address, or a device cookie for a device that
            // signed in before. Keyed by the email, not the account, so that an unknown email is counted and answered
            // like a known one. (login_failure, per account and address, is no longer read.)
            try db.create(table: "login_throttle", options: .withoutRowID) { t in
                t.column("subject", .text).notNull()
                t.column("client", .text).notNull()
                t.primaryKey(["subject", "client"])
                t.column("failures", .integer).notNull()
                t.column("lockouts", .integer).notNull().defaults(to: 0)
                t.column("lockedUntil", .datetime)
                t.column("lastFailureAt", .datetime).notNull()
            }
            try db.create(index: "login_throttle_on_lastFailureAt", on: "login_throttle", columns: ["lastFailureAt"])
        }
        registerSyncSequence(&migrator)
        registerQuizTicketMigration(&migrator)
        registerAdEventQuotaMigration(&migrator)
        registerCreditLedgerMigration(&migrator)
        registerSharedSettingsMigration(&migrator)
        registerStageProgressMigration(&migrator)
        registerAnswersAsGivenMigration(&migrator)
        registerUploadIndexMigration(&migrator)
        registerQuizStageMigration(&migrator)
        registerBrowserSignInMigration(&migrator)
        registerCreditBalanceMigration(&migrator)
        registerConsentMigration(&migrator)
        return migrator
    }
}
