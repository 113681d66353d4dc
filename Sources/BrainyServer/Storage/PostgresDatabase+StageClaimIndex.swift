import Foundation

extension PostgresDatabase {
    /// The index a stage claim's count reads (`mergeStages`: the account's passed stage quizzes of a category and
    /// type): without it, the count walked every quiz the account ever played, for each claim of every sync.
    static let stageClaimIndexMigration = Migration(id: "v15-stage-claim-index", statements: [
        "CREATE INDEX quiz_on_account_id_category_type_format ON quiz (account_id, category, type, format)",
    ])
}
