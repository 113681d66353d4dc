import Foundation

extension PostgresDatabase {
    /// The indexes an upload reads for the quizzes it touches (as SQLite's v19-upload-indexes, but for its quizzes
    /// by ranked and finishedAt: `rankedSpans` reads quiz_on_account_id_finished_at). Without them each batch read
    /// every account's ranked answers of its days, and the whole of first_answer. PostgreSQL takes a bare boolean
    /// column as `ranked = true` for an index, so the statements keep `ranked`.
    static let uploadIndexMigration = Migration(id: "v16-upload-indexes", statements: [
        // `judge`: the account's ranked answers per day (`rankedAnswersPerDay`).
        "CREATE INDEX result_on_account_id_ranked_answered_at ON result (account_id, ranked, answered_at)",
        // `judge`: the first answers of the judged quizzes' results (`forgetFirstAnswers`).
        "CREATE INDEX first_answer_on_result_id ON first_answer (result_id)",
        // The daily quota: the quizzes the account sent today (`receivedSince`).
        "CREATE INDEX quiz_on_account_id_received_at ON quiz (account_id, received_at)",
    ])
}
