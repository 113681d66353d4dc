import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: ResultStore {
    public func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date,
                             quota: StorageQuota) async throws -> ResultUploadResponse? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)", arguments: [userId])
                == true
            else { return nil }
            let today = UTCDay.start(of: receivedAt)
            let resultsBefore = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM result WHERE accountId = ? AND receivedAt >= ?
                """, arguments: [userId, today]) ?? 0
            let quizzesBefore = try Int.fetchOne(db, sql: Self.quizzesReceivedSince, arguments: [userId, today]) ?? 0
            var acceptedQuizzes: [String] = []
            var accepted: [String] = []
            var refusals: [ResultRefusal] = []
            var touched: Set<String> = []
            var newQuizzes = 0
            var newResults = 0
            // Prepared once per batch; the owner is read only for an id that was already there.
            let insertQuiz = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO quiz (id, accountId, category, type, format, correctCount, questionCount,
                                            startedAt, finishedAt, receivedAt, stage)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let quizOwner = try db.cachedStatement(sql: "SELECT accountId FROM quiz WHERE id = ?")
            for quiz in quizzes {
                try insertQuiz.execute(arguments: [
                    quiz.id, userId, quiz.category.rawValue, quiz.type.rawValue, quiz.format.rawValue,
                    quiz.correctCount, quiz.questionCount, quiz.startedAt, quiz.finishedAt, receivedAt, quiz.stage])
                let inserted = db.changesCount > 0
                if inserted {
                    newQuizzes += 1
                    touched.insert(quiz.id)
                }
                if try inserted || String.fetchOne(quizOwner, arguments: [quiz.id]) == userId {
                    acceptedQuizzes.append(quiz.id)
                } else {
                    refusals.append(ResultRefusal(id: quiz.id, reason: .idTaken))
                }
            }
            let insertResult = try db.cachedStatement(sql: """
                INSERT INTO result (id, accountId, quizId, questionId, category, type, outcome,
                                    timeSpent, answeredAt, hintUsed, receivedAt, ranked, eligible, answer, given,
                                    optionOrder)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
                """)
            let resultOwner = try db.cachedStatement(sql: "SELECT accountId FROM result WHERE id = ?")
            let keepVote = try db.cachedStatement(sql: Self.keepRatingVote)
            for checked in results {
                let result = checked.result
                if let owner = try String.fetchOne(resultOwner, arguments: [result.id]) {
                    // Sent before: held already (the batch is idempotent), or another account's.
                    if owner == userId {
                        accepted.append(result.id)
                    } else {
                        refusals.append(ResultRefusal(id: result.id, reason: .idTaken))
                    }
                    continue
                }
                if let owner = try String.fetchOne(quizOwner, arguments: [result.quizId]), owner != userId {
                    refusals.append(ResultRefusal(id: result.id, reason: .notYourQuiz))
                    continue
                }
                // Formatted once (a DateFormatter) for both statements.
                let answeredAt = result.answeredAt.databaseValue
                try insertResult.execute(arguments: [
                    result.id, userId, result.quizId, result.questionId, result.category.rawValue,
                    result.type.rawValue, result.outcome.rawValue, result.timeSpent, answeredAt,
                    result.hintUsed, receivedAt, checked.ranked, result.answer, result.given,
                    StoredOptionOrder.text(result.optionOrder)])
                if checked.rated {
                    try keepVote.execute(arguments: [result.questionId, userId, result.id, answeredAt,
                                                     result.outcome.rawValue])
                }
                newResults += 1
                touched.insert(result.quizId)
                accepted.append(result.id)
            }
            // Rolled back whole: the device keeps everything and tries again another day.
            if resultsBefore + newResults > quota.resultsPerDay {
                throw QuotaExceeded(what: "results", limit: quota.resultsPerDay)
            }
            if quizzesBefore + newQuizzes > quota.quizzesPerDay {
                throw QuotaExceeded(what: "quizzes", limit: quota.quizzesPerDay)
            }
            for quizId in touched.sorted() {
                try Self.judge(quizId: quizId, accountId: userId, at: receivedAt,
                               ticketless: ranksQuizzesWithoutTickets, db: db)
            }
            return ResultUploadResponse(accepted: accepted, acceptedQuizzes: acceptedQuizzes,
                                        rejected: refusals.map(\.id), refusals: refusals)
        }
    }

    /// The quizzes the account sent since a time (the daily quota). Arguments: accountId, the time. Reads
    /// quiz_on_accountId_receivedAt.
    static let quizzesReceivedSince = "SELECT count(*) FROM quiz WHERE accountId = ? AND receivedAt >= ?"

    /// Keeps a rated result as its (question, account)'s vote unless an earlier answer is kept. Arguments:
    /// questionId, accountId, resultId, answeredAt, outcome.
    static let keepRatingVote = """
        INSERT INTO rating_vote (questionId, accountId, resultId, answeredAt, outcome) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (questionId, accountId) DO UPDATE
        SET resultId = excluded.resultId, answeredAt = excluded.answeredAt, outcome = excluded.outcome
        WHERE (excluded.answeredAt, excluded.resultId) < (rating_vote.answeredAt, rating_vote.resultId)
        """

    public func resultSummary(accountId: String) async throws -> ResultSummaryResponse {
        try await writer.read { db in
            let results = try Row.fetchOne(db, sql: """
                SELECT count(*) AS results, coalesce(sum(outcome = 'correct'), 0) AS correct,
                       max(answeredAt) AS lastAnsweredAt
                FROM result WHERE accountId = ?
                """, arguments: [accountId])
            let quizzes = try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz WHERE accountId = ?",
                                           arguments: [accountId]) ?? 0
            return ResultSummaryResponse(results: results?["results"] ?? 0, correct: results?["correct"] ?? 0,
                                         quizzes: quizzes, lastAnsweredAt: results?["lastAnsweredAt"])
        }
    }

    public func dailyScores(on day: Date) async throws -> [DailyScore] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT f.accountId, a.displayName,
                           SUM(f.outcome = 'correct') AS correct, SUM(f.outcome <> 'skipped') AS answered
                    FROM first_answer f JOIN account a ON a.id = f.accountId
                    WHERE f.day = ?
                    GROUP BY f.accountId
                    ORDER BY f.accountId
                    """,
                arguments: [UTCDay.number(of: day)]
            ).map { row in
                DailyScore(userId: row["accountId"], displayName: row["displayName"], correct: row["correct"],
                           answered: row["answered"])
            }
        }
    }

    public func questionTallies() async throws -> [QuestionTally] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT questionId, SUM(outcome = 'correct') AS correct, COUNT(*) AS answered
                FROM rating_vote GROUP BY questionId ORDER BY questionId
                """).map { QuestionTally(questionId: $0["questionId"], correct: $0["correct"], answered: $0["answered"]) }
        }
    }
}
