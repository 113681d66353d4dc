extension ServerDatabase {
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
}
