import Foundation

extension PostgresDatabase {
    /// A stage quiz's number as the device that played it sent it (as SQLite's v20-quiz-stage). Null for another
    /// format and for quizzes stored before; a stage claim (`mergeStages`) never reads it.
    static let quizStageMigration = Migration(id: "v17-quiz-stage", statements: [
        "ALTER TABLE quiz ADD COLUMN stage INTEGER",
    ])
}
