import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: StageProgressStore {
    /// Stage progress per account (as `PostgresDatabase.stageProgressMigration`).
    static func registerStageProgressMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17-account-stages") { db in
            try db.create(table: "account_stage") { t in
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("category", .text).notNull()
                t.column("type", .text).notNull()
                t.primaryKey(["accountId", "category", "type"])
                t.column("highestCleared", .integer).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
    }

    /// The account's passed stage quizzes of a category and type, which a stage claim is cut to. Arguments:
    /// accountId, category, type, the pass mark. Reads quiz_on_accountId_category_type_format.
    static let passedStageQuizzes = """
        SELECT count(*) FROM quiz
        WHERE accountId = ? AND category = ? AND type = ? AND format = 'stage' AND correctCount >= ?
        """

    public func mergeStages(_ stages: [StageReached], accountId: String) async throws -> [StageReached]? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)",
                                    arguments: [accountId]) == true
            else { return nil }
            let passed = try db.cachedStatement(sql: Self.passedStageQuizzes)
            for stage in stages {
                let most = try Int.fetchOne(passed, arguments: [accountId, stage.category.rawValue, stage.type.rawValue,
                                                                StagePlan.passMark]) ?? 0
                let cleared = min(stage.highestCleared, most)
                guard cleared > 0 else { continue }
                try db.execute(sql: """
                    INSERT INTO account_stage (accountId, category, type, highestCleared, updatedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (accountId, category, type) DO UPDATE SET
                      highestCleared = excluded.highestCleared, updatedAt = excluded.updatedAt
                    WHERE excluded.highestCleared > account_stage.highestCleared
                    """, arguments: [accountId, stage.category.rawValue, stage.type.rawValue, cleared, stage.updatedAt])
            }
            return try Row.fetchAll(db, sql: """
                SELECT * FROM account_stage WHERE accountId = ? ORDER BY category, type
                """, arguments: [accountId]).compactMap { row in
                guard let category = QuizCategory(rawValue: row["category"]), let type = QuizType(rawValue: row["type"])
                else { return nil }
                return StageReached(category: category, type: type, highestCleared: row["highestCleared"],
                                    updatedAt: row["updatedAt"])
            }
        }
    }
}
