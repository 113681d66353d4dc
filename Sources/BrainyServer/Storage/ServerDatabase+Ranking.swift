import BrainyKit
import Foundation
import GRDB

extension ServerDatabase {
    /// Judges one quiz of `accountId` again by `LeaderboardRules` at `now`, with every answer of it held: marks which
    /// rank (and the quiz, when any does), and keeps the first answers of the questions it touched right. Nothing
    /// happens for a quiz not held yet: its answers wait unranked until it arrives. A quiz played on no ticket ranks
    /// only when `ticketless` says such quizzes may.
    static func judge(quizId: String, accountId: String, at now: Date, ticketless: Bool = true, db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT startedAt, finishedAt, questionCount, ranked FROM quiz WHERE id = ? AND accountId = ?
            """, arguments: [quizId, accountId])
        else { return }
        let startedAt: Date = row["startedAt"]
        let finishedAt: Date? = row["finishedAt"]
        let wasRanked: Bool = row["ranked"]
        var answers: [LeaderboardRules.Answer] = []
        var rankedBefore: Set<String> = []
        for answer in try Row.fetchAll(db, sql: """
            SELECT id, questionId, type, timeSpent, answeredAt, eligible, ranked FROM result
            WHERE accountId = ? AND quizId = ?
            """, arguments: [accountId, quizId]) {
            let id: String = answer["id"]
            answers.append(.init(id: id, questionId: answer["questionId"], type: QuizType(rawValue: answer["type"]) ?? .multipleChoice,
                                 timeSpent: answer["timeSpent"], answeredAt: answer["answeredAt"],
                                 eligible: answer["eligible"]))
            if answer["ranked"] as Bool { rankedBefore.insert(id) }
        }
        let overlaps = try finishedAt.map { finishedAt in
            try Bool.fetchOne(db.cachedStatement(sql: overlappingRankedQuiz),
                              arguments: [accountId, quizId, finishedAt, startedAt]) ?? false
        } ?? false
        var elsewhere: [Int: Int] = [:]
        for day in Set(answers.map { UTCDay.number(of: $0.answeredAt) }) {
            let start = Date(timeIntervalSince1970: Double(day) * 86_400)
            elsewhere[day] = try Int.fetchOne(db.cachedStatement(sql: rankedAnswersOfDay),
                                              arguments: [accountId, quizId, start, start.addingTimeInterval(86_400)]) ?? 0
        }
        let quiz = LeaderboardRules.Quiz(startedAt: startedAt, finishedAt: finishedAt,
                                         questionCount: row["questionCount"], overlapsRankedQuiz: overlaps,
                                         dealt: try dealtQuestionIds(quizId: quizId, accountId: accountId, db: db))
        let ranked = LeaderboardRules.ranked(quiz, answers: answers, now: now, rankedElsewhere: elsewhere,
                                             ticketless: ticketless)
        guard ranked != rankedBefore || wasRanked != !ranked.isEmpty else { return }
        try db.execute(sql: "UPDATE quiz SET ranked = ? WHERE id = ?", arguments: [!ranked.isEmpty, quizId])
        let mark = try db.cachedStatement(sql: "UPDATE result SET ranked = ? WHERE id = ?")
        for answer in answers where ranked.contains(answer.id) != rankedBefore.contains(answer.id) {
            try mark.execute(arguments: [ranked.contains(answer.id), answer.id])
        }
        try refreshFirstAnswers(accountId: accountId, newlyRanked: answers.map(\.id).filter {
            ranked.contains($0) && !rankedBefore.contains($0)
        }, newlyUnranked: answers.map(\.id).filter { !ranked.contains($0) && rankedBefore.contains($0) }, db: db)
    }

    /// Whether a ranked quiz of the account other than this one overlaps it in time. Arguments: accountId, quizId,
    /// the quiz's finishedAt, its startedAt. `ranked = 1`, not a bare `ranked`, so that the planner reads
    /// quiz_on_accountId_ranked_finishedAt (a bare column is no equality term of an index).
    static let overlappingRankedQuiz = """
        SELECT EXISTS (SELECT 1 FROM quiz WHERE accountId = ? AND id <> ? AND ranked = 1
                       AND startedAt < ? AND finishedAt > ?)
        """

    /// The account's ranked answers of one UTC day outside this quiz. Arguments: accountId, quizId, the day's start,
    /// the next day's start. Reads result_on_accountId_ranked_answeredAt.
    static let rankedAnswersOfDay = """
        SELECT count(*) FROM result
        WHERE accountId = ? AND ranked = 1 AND quizId <> ? AND answeredAt >= ? AND answeredAt < ?
        """
}
