import Foundation
import GRDB

extension ServerDatabase {
    /// Keeps `first_answer` the first ranked answer of each (UTC day, account, question) after a quiz's answers were
    /// ranked or unranked (as `PostgresDatabase.refreshFirstAnswers`), touching only their days and questions: an
    /// answer no longer ranked that was a first gives its place to the next ranked answer of that day and question;
    /// an answer ranked now takes the place of a later one. Unranked ones go first, so that the next answer found can
    /// be one ranked now.
    static func refreshFirstAnswers(accountId: String, newlyRanked: [String], newlyUnranked: [String],
                                    db: Database) throws {
        let forget = try db.cachedStatement(sql: forgetFirstAnswer)
        let keepNext = try db.cachedStatement(sql: keepNextFirstAnswer)
        for resultId in newlyUnranked {
            for gone in try Row.fetchAll(forget, arguments: [resultId, accountId]) {
                let day: Int = gone["day"]
                let start = Date(timeIntervalSince1970: Double(day) * 86_400)
                try keepNext.execute(arguments: [accountId, start, start.addingTimeInterval(86_400),
                                                 gone["questionId"]])
            }
        }
        if !newlyRanked.isEmpty {
            try db.cachedStatement(sql: keepFirstAnswers).execute(arguments: [try jsonArray(newlyRanked), accountId])
        }
    }

    /// Forgets the first answer that is this result, saying which day and question it was. Arguments: resultId,
    /// accountId. Reads first_answer_on_resultId.
    static let forgetFirstAnswer = """
        DELETE FROM first_answer WHERE resultId = ? AND accountId = ? RETURNING day, questionId
        """

    /// Keeps the first ranked answer of one day and question of the account. Arguments: accountId, the day's start,
    /// the next day's start, questionId. Reads result_on_accountId_ranked_answeredAt.
    static let keepNextFirstAnswer = """
        INSERT INTO first_answer (day, accountId, questionId, resultId, answeredAt, outcome)
        SELECT CAST(strftime('%s', answeredAt) AS INTEGER) / 86400, accountId, questionId, id, answeredAt, outcome
        FROM result
        WHERE accountId = ? AND ranked = 1 AND answeredAt >= ? AND answeredAt < ? AND questionId = ?
        ORDER BY answeredAt, id
        LIMIT 1
        """

    /// Keeps each of these results as its (UTC day, account, question)'s first answer unless an earlier one is kept
    /// (answered before it, or at the same time with a smaller id), so that uploads in any order end with the first.
    /// The day is worked out as migration v8-first-answers does. Arguments: the results' ids (`jsonArray`),
    /// accountId.
    static let keepFirstAnswers = """
        INSERT INTO first_answer (day, accountId, questionId, resultId, answeredAt, outcome)
        SELECT CAST(strftime('%s', answeredAt) AS INTEGER) / 86400, accountId, questionId, id, answeredAt, outcome
        FROM result
        WHERE id IN (SELECT value FROM json_each(?)) AND accountId = ?
        ON CONFLICT (day, accountId, questionId) DO UPDATE
        SET resultId = excluded.resultId, answeredAt = excluded.answeredAt, outcome = excluded.outcome
        WHERE (excluded.answeredAt, excluded.resultId) < (first_answer.answeredAt, first_answer.resultId)
        """
}
