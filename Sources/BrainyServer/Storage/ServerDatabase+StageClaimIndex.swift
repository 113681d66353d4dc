import GRDB

extension ServerDatabase {
    /// The index a stage claim's count reads (`passedStageQuizzes`: the account's passed stage quizzes of a category
    /// and type), as PostgreSQL's v15-stage-claim-index: without it, the count walked every quiz the account ever
    /// played, for each claim of every sync. Made by v19-upload-indexes, which landed with it.
    static func createStageClaimIndex(_ db: Database) throws {
        try db.create(index: "quiz_on_accountId_category_type_format", on: "quiz",
                      columns: ["accountId", "category", "type", "format"])
    }
}
