import GRDB

extension ServerDatabase {
    /// The indexes an upload reads for each quiz it touches (as `PostgresDatabase.uploadIndexMigration`): without
    /// them each judged quiz walked every quiz or ranked result the account held, or the whole of first_answer, and an
    /// upload's cost grew with the square of the history.
    static func registerUploadIndexMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-upload-indexes") { db in
            // `judge`: one day's ranked answers of the account (`rankedAnswersOfDay`).
            try db.create(index: "result_on_accountId_ranked_answeredAt", on: "result",
                          columns: ["accountId", "ranked", "answeredAt"])
            // `judge`: a ranked quiz of the account ending after this one starts (`overlappingRankedQuiz`). Quizzes
            // arrive mostly in the order they were played: few end after the newest starts.
            try db.create(index: "quiz_on_accountId_ranked_finishedAt", on: "quiz",
                          columns: ["accountId", "ranked", "finishedAt"])
            // `judge`: the first answers of a quiz's results, forgotten before they are worked out again.
            try db.create(index: "first_answer_on_resultId", on: "first_answer", columns: ["resultId"])
            // The daily quota: the quizzes the account sent today (`quizzesReceivedSince`).
            try db.create(index: "quiz_on_accountId_receivedAt", on: "quiz", columns: ["accountId", "receivedAt"])
            try createStageClaimIndex(db)
        }
    }
}
