import BrainyKit
import GRDB

extension AppDatabase {
    /// Migrations are never edited once they have landed: add a new one instead.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationId)")

            try db.create(table: "user") { t in
                t.primaryKey("id", .text)
                t.column("email", .text).unique().collate(.nocase)
                t.column("displayName", .text).notNull()
                t.column("provider", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("lastLoginAt", .datetime)
                t.column("failedLoginAttempts", .integer).notNull().defaults(to: 0)
                t.column("lockedUntil", .datetime)
                t.column("hintCredits", .integer).notNull().defaults(to: 3)
            }
            try db.create(table: "credential") { t in
                t.primaryKey("userId", .text).references("user", onDelete: .cascade)
                t.column("passwordHash", .text).notNull()
            }
            try db.create(table: "authSession") { t in
                t.primaryKey("id", .text)
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("endedAt", .datetime)
            }
            // The open session is looked up before every command.
            try db.execute(sql: "CREATE INDEX authSession_open ON authSession(createdAt) WHERE endedAt IS NULL")
            try db.create(table: "deviceState") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "questionPack") { t in
                t.primaryKey("id", .text)
                t.column("version", .text).notNull()
                t.column("importedAt", .datetime).notNull()
                t.column("questionCount", .integer).notNull()
            }
            try db.create(table: "question") { t in
                t.primaryKey("id", .text)
                t.column("packId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("difficulty", .text).notNull()
                t.column("voice", .boolean).notNull()
                t.column("body", .blob).notNull()
                t.column("removedAt", .datetime)
            }
            // Covering: dealing reads ids by category without touching the rows (and their bodies).
            try db.create(index: "question_on_category", on: "question", columns: ["category", "removedAt", "id"])
            // Covering for stages, which order a category's questions by difficulty.
            try db.create(index: "question_on_category_difficulty", on: "question",
                          columns: ["category", "removedAt", "difficulty", "id"])
            try db.create(table: "quiz") { t in
                t.primaryKey("id", .text)
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("type", .text).notNull()
                t.column("category", .text).notNull()
                t.column("format", .text).notNull()
                t.column("selection", .text).notNull()
                t.column("stage", .integer)
                t.column("dealt", .blob).notNull()
                t.column("questionCount", .integer).notNull()
                t.column("status", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime)
                t.column("correctCount", .integer).notNull()
                t.column("answeredCount", .integer).notNull()
                t.column("duration", .double).notNull()
                t.column("needsSync", .boolean).notNull().defaults(to: true)
                t.column("lastModified", .datetime).notNull()
                t.column("syncedAt", .datetime)
                // The process that has the quiz open while it is in progress.
                t.column("heldBy", .integer)
            }
            try db.create(table: "quizHint") { t in
                t.column("quizId", .text).notNull().references("quiz", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("removed", .text).notNull()
                t.primaryKey(["quizId", "position"])
            }
            try db.create(index: "quiz_on_user_started", on: "quiz", columns: ["userId", "startedAt"])
            // At most a few rows: the quizzes left in progress (start-up looks for one).
            try db.execute(sql: "CREATE INDEX quiz_in_progress ON quiz(userId, startedAt) WHERE status = 'in_progress'")
            try db.create(table: "quizResult") { t in
                t.primaryKey("id", .text)
                t.column("quizId", .text).notNull().references("quiz", onDelete: .cascade)
                t.column("userId", .text).notNull()
                t.column("questionId", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("givenAnswer", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("hintUsed", .boolean).notNull()
                t.column("timeSpent", .double).notNull()
                t.column("answeredAt", .datetime).notNull()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                t.column("needsSync", .boolean).notNull().defaults(to: true)
                t.column("lastModified", .datetime).notNull()
                t.column("syncedAt", .datetime)
                t.uniqueKey(["quizId", "position"])
            }
            try db.create(index: "quizResult_on_pending", on: "quizResult", columns: ["userId", "needsSync"])
            // Clustered by user and category, so `start unsolved` reads one contiguous range.
            try db.create(table: "solvedQuestion", options: .withoutRowID) { t in
                t.column("userId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("questionId", .text).notNull()
                t.column("firstAnsweredAt", .datetime).notNull()
                t.primaryKey(["userId", "category", "questionId"])
            }
            try db.create(table: "stageProgress") { t in
                t.column("userId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                t.column("highestCleared", .integer).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["userId", "category", "type"])
            }
            try db.create(table: "setting") { t in
                t.column("userId", .text).notNull()
                t.column("key", .text).notNull()
                t.column("value", .text).notNull()
                t.primaryKey(["userId", "key"])
            }
            // Kept up to date with every answer so that `stats` never scans the results.
            try db.create(table: "categoryTotal") { t in
                t.column("userId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("quizzes", .integer).notNull().defaults(to: 0)
                t.column("answered", .integer).notNull().defaults(to: 0)
                t.column("correct", .integer).notNull().defaults(to: 0)
                t.column("timeSpent", .double).notNull().defaults(to: 0)
                t.column("lastPlayedAt", .datetime)
                t.primaryKey(["userId", "category"])
            }
            try db.create(table: "playDay") { t in
                t.column("userId", .text).notNull()
                t.column("day", .integer).notNull()
                t.primaryKey(["userId", "day"])
            }
            // For the sync issue: the cached remote config, leaderboard and sync bookmarks.
            try db.create(table: "remoteConfig") { t in
                t.primaryKey("id", .integer)
                t.column("version", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "leaderboardCache") { t in
                t.primaryKey("day", .text)
                t.column("body", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "syncState") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        // Voice mode: what the recognizer heard for a spoken answer (history shows it beside the answer).
        migrator.registerMigration("v2-heard-answers") { db in
            try db.alter(table: "quizResult") { t in t.add(column: "heard", .text) }
        }
        // The learner model (AI mode, `start adaptive`): ratings per player and category, per question, and the
        // player's rating at the end of each quiz (how it moved).
        migrator.registerMigration("v3-learning") { db in
            try db.create(table: "playerRating") { t in
                t.column("userId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("value", .double).notNull()
                t.column("answers", .integer).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["userId", "category"])
            }
            try db.create(table: "questionRating") { t in
                t.primaryKey("questionId", .text)
                t.column("value", .double).notNull()
                t.column("answers", .integer).notNull()
            }
            try db.create(table: "ratingHistory") { t in
                t.column("userId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("quizId", .text).notNull()
                t.column("value", .double).notNull()
                t.column("answers", .integer).notNull()
                t.column("at", .datetime).notNull()
                t.primaryKey(["userId", "category", "quizId"])
            }
        }
        migrator.registerMigration("v4-ads") { db in
            // Ads fetched at sync, shown offline; a rewarded ad's row goes once its token is used.
            try db.create(table: "cachedAd") { t in
                t.primaryKey("token", .text)
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("adId", .text).notNull()
                t.column("placement", .text).notNull()
                t.column("lang", .text).notNull()
                t.column("ad", .blob).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("fetchedAt", .datetime).notNull()
                t.column("shownAt", .datetime)
            }
            try db.create(index: "cachedAd_user_placement", on: "cachedAd", columns: ["userId", "placement", "lang"])
            // Impressions, opens and completions until the server answers for them (ids make re-sending harmless).
            try db.create(table: "adEvent") { t in
                t.primaryKey("id", .text)
                t.column("userId", .text).notNull().references("user", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("adId", .text).notNull()
                t.column("sponsor", .text).notNull()
                t.column("token", .text)
                t.column("occurredAt", .datetime).notNull()
                t.column("rewardHints", .integer).notNull().defaults(to: 0)
                t.column("sentAt", .datetime)
                t.column("refusal", .text)
            }
            try db.create(index: "adEvent_pending", on: "adEvent", columns: ["userId", "sentAt"])
        }
        // Stats per quiz type kept up to date with every answer, like categoryTotal, so that `stats` never scans the
        // quizzes; filled from the quizzes already played.
        migrator.registerMigration("v5-type-totals") { db in
            try db.create(table: "typeTotal") { t in
                t.column("userId", .text).notNull()
                t.column("type", .text).notNull()
                t.column("quizzes", .integer).notNull().defaults(to: 0)
                t.column("answered", .integer).notNull().defaults(to: 0)
                t.column("correct", .integer).notNull().defaults(to: 0)
                t.column("timeSpent", .double).notNull().defaults(to: 0)
                t.primaryKey(["userId", "type"])
            }
            try db.execute(sql: """
                INSERT INTO typeTotal (userId, type, quizzes, answered, correct, timeSpent)
                SELECT userId, type, sum(status != 'in_progress'), sum(answeredCount), sum(correctCount), sum(duration)
                FROM quiz GROUP BY userId, type
                """)
        }
        // What was answered in words the server can grade again (the chosen option's text, not its number in this
        // quiz's order): uploads carry it. Answers kept before have none; the server holds them unranked.
        migrator.registerMigration("v6-answer-text") { db in
            try db.alter(table: "quizResult") { t in t.add(column: "answerText", .text) }
        }
        // AI mode's first quiz in a category checks its ready-made questions against the bank by text: an index on
        // each language's text (lower-cased) makes that a lookup per question, not a read of every question's body.
        // The bank's questions only: storing AI mode's own costs no index upkeep.
        migrator.registerMigration("v7-question-text-index") { db in
            for language in ["ko", "en"] {
                try db.execute(sql: """
                    CREATE INDEX question_\(language)Text ON question(\(QuestionRecord.textExpression(language)))
                    WHERE \(QuestionRecord.isBankQuestion)
                    """)
            }
        }
        registerQuizTicketMigration(&migrator)
        registerCreditLedgerMigration(&migrator)
        registerSharedSettingsMigration(&migrator)
        registerRememberedSessionMigration(&migrator)
        return migrator
    }
}

extension AppDatabase {
    /// The last migration registered: the start-up checks it has run without building the migrator
    /// (`DatabaseFileTests` holds it to the migrator's list).
    static let lastMigration = "v11-session-remembered"
    /// Whether GRDB's table of applied migrations exists, and whether one of them is in it.
    static let migrationTableCountSQL = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'"
    static let appliedMigrationCountSQL = "SELECT count(*) FROM grdb_migrations WHERE identifier = ?"
}

extension DatabaseMigrator {
    /// Whether the last registered migration has run, as GRDB's `hasCompletedMigrations` answers it, in two counts.
    /// GRDB's reads the applied identifiers into a `Set<String>`, whose generic metadata cost two conformance
    /// lookups at run time, each a scan of all the binary's conformance records (5% of a start-up together).
    func isUpToDate(_ db: Database) throws -> Bool {
        guard let last = migrations.last else { return true }
        guard try Int.fetchOne(db, sql: AppDatabase.migrationTableCountSQL) == 1 else { return false }
        return try Int.fetchOne(db, sql: AppDatabase.appliedMigrationCountSQL, arguments: [last]) == 1
    }
}

extension PlainReader {
    /// Whether the file can be used as it is: in WAL mode, with every migration run.
    func isReadyAsItIs() throws(StoreError) -> Bool {
        let mode = try rows("PRAGMA journal_mode", [], readsOnly: false).first.flatMap { $0[0] as String? }
        guard mode == "wal" else { return false }
        guard try value(AppDatabase.migrationTableCountSQL, as: Int.self) == 1 else { return false }
        return try value(AppDatabase.appliedMigrationCountSQL, [AppDatabase.lastMigration], as: Int.self) == 1
    }
}
