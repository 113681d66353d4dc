import GRDB

extension ServerDatabase {
    /// A stage quiz's number as the device that played it sent it (`UploadedQuiz.stage`, as
    /// `PostgresDatabase.quizStageMigration`), sent back in the changes pages so that another device restores the
    /// quiz with it. Null for another format and for quizzes stored before; `mergeStages` never reads it.
    static func registerQuizStageMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20-quiz-stage") { db in
            try db.alter(table: "quiz") { t in t.add(column: "stage", .integer) }
        }
    }
}
