import GRDB

extension ServerDatabase {
    /// Works out again the first answers of a quiz's questions from every ranked answer of the account to them (as
    /// `PostgresDatabase.refreshFirstAnswers`), after the quiz's answers were ranked or unranked.
    static func refreshFirstAnswers(quizId: String, accountId: String, db: Database) throws {
        try db.cachedStatement(sql: forgetFirstAnswers).execute(arguments: [accountId, accountId, quizId])
        let keepFirstAnswer = try db.cachedStatement(sql: keepFirstAnswer)
        for candidate in try Row.fetchAll(db, sql: """
            SELECT id, questionId, answeredAt, outcome FROM result
            WHERE accountId = ? AND ranked
              AND questionId IN (SELECT questionId FROM result WHERE accountId = ? AND quizId = ?)
            """, arguments: [accountId, accountId, quizId]) {
            let answeredAt = candidate["answeredAt"] as DatabaseValue
            try keepFirstAnswer.execute(arguments: [answeredAt, accountId, candidate["questionId"], candidate["id"],
                                                    answeredAt, candidate["outcome"]])
        }
    }

    /// Keeps a ranked result as its (UTC day, account, question)'s first answer unless an earlier one is kept
    /// (answered before it, or at the same time with a smaller id), so that uploads in any order end with the first.
    /// The day is worked out as migration v8-first-answers does. Arguments: answeredAt, accountId, questionId,
    /// resultId, answeredAt, outcome.
    static let keepFirstAnswer = """
        INSERT INTO first_answer (day, accountId, questionId, resultId, answeredAt, outcome)
        VALUES (CAST(strftime('%s', ?) AS INTEGER) / 86400, ?, ?, ?, ?, ?)
        ON CONFLICT (day, accountId, questionId) DO UPDATE
        SET resultId = excluded.resultId, answeredAt = excluded.answeredAt, outcome = excluded.outcome
        WHERE (excluded.answeredAt, excluded.resultId) < (first_answer.answeredAt, first_answer.resultId)
        """

    /// Forgets the first answers of a quiz's results. Arguments: accountId, accountId, quizId. Reads
    /// first_answer_on_resultId.
    static let forgetFirstAnswers = """
        DELETE FROM first_answer
        WHERE accountId = ? AND resultId IN (SELECT id FROM result WHERE accountId = ? AND quizId = ?)
        """
}
