import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: StageProgressStore {
    /// As SQLite's v17-account-stages.
    static let stageProgressMigration = Migration(id: "v13-account-stages", statements: [
        """
        CREATE TABLE account_stage (
            account_id TEXT NOT NULL REFERENCES account ON DELETE CASCADE,
            category TEXT NOT NULL,
            type TEXT NOT NULL,
            highest_cleared INTEGER NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (account_id, category, type)
        )
        """,
    ])

    /// Keeps each claim cut to the stage quizzes of its category and type the account passed, in one statement.
    /// Its counts read quiz_on_account_id_category_type_format.
    static func stageClaim(_ stages: [StageReached], accountId: String) -> PostgresQuery {
        """
        INSERT INTO account_stage (account_id, category, type, highest_cleared, updated_at)
        SELECT \(accountId), s.category, s.type,
               LEAST(s.highest_cleared, (SELECT count(*) FROM quiz q
                                         WHERE q.account_id = \(accountId) AND q.category = s.category
                                           AND q.type = s.type AND q.format = 'stage'
                                           AND q.correct_count >= \(StagePlan.passMark))),
               s.updated_at
        FROM unnest(\(stages.map(\.category.rawValue)), \(stages.map(\.type.rawValue)),
                    \(stages.map(\.highestCleared)), \(stages.map(\.updatedAt)))
             AS s(category, type, highest_cleared, updated_at)
        WHERE LEAST(s.highest_cleared, (SELECT count(*) FROM quiz q
                                        WHERE q.account_id = \(accountId) AND q.category = s.category
                                          AND q.type = s.type AND q.format = 'stage'
                                          AND q.correct_count >= \(StagePlan.passMark))) > 0
        ON CONFLICT (account_id, category, type) DO UPDATE SET
          highest_cleared = excluded.highest_cleared, updated_at = excluded.updated_at
        WHERE excluded.highest_cleared > account_stage.highest_cleared
        """
    }

    public func mergeStages(_ stages: [StageReached], accountId: String) async throws -> [StageReached]? {
        try await transaction { [logger] connection in
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(accountId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            if !stages.isEmpty {
                try await connection.run(Self.stageClaim(stages, accountId: accountId), logger: logger)
            }
            return try await connection.rows("""
                SELECT * FROM account_stage WHERE account_id = \(accountId) ORDER BY category COLLATE "C", type COLLATE "C"
                """, logger: logger).compactMap { row in
                guard let category = QuizCategory(rawValue: try row.value("category", as: String.self)),
                      let type = QuizType(rawValue: try row.value("type", as: String.self))
                else { return nil }
                return StageReached(category: category, type: type,
                                    highestCleared: try row.value("highest_cleared", as: Int.self),
                                    updatedAt: try row.value("updated_at"))
            }
        }
    }
}
