import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// Judges one quiz of `accountId` again by `LeaderboardRules` at `now`, as `ServerDatabase.judge` does: marks
    /// which answers rank (and the quiz, when any does), and keeps the first answers of the questions it touched
    /// right. Nothing happens for a quiz not held yet.
    func judge(quizId: String, accountId: String, at now: Date, on connection: PostgresConnection) async throws {
        guard let row = try await connection.rows("""
            SELECT started_at, finished_at, question_count, ranked FROM quiz
            WHERE id = \(quizId) AND account_id = \(accountId)
            """, logger: logger).first
        else { return }
        let startedAt: Date = try row.value("started_at")
        let finishedAt: Date? = try row.value("finished_at")
        let wasRanked: Bool = try row.value("ranked")
        var answers: [LeaderboardRules.Answer] = []
        var rankedBefore: Set<String> = []
        for answer in try await connection.rows("""
            SELECT id, type, time_spent, answered_at, eligible, ranked FROM result
            WHERE account_id = \(accountId) AND quiz_id = \(quizId)
            """, logger: logger) {
            let id: String = try answer.value("id")
            answers.append(.init(id: id, type: QuizType(rawValue: try answer.value("type")) ?? .multipleChoice,
                                 timeSpent: try answer.value("time_spent"), answeredAt: try answer.value("answered_at"),
                                 eligible: try answer.value("eligible")))
            if try answer.value("ranked", as: Bool.self) { rankedBefore.insert(id) }
        }
        var overlaps = false
        if let finishedAt {
            overlaps = try await connection.rows("""
                SELECT EXISTS (SELECT 1 FROM quiz WHERE account_id = \(accountId) AND id <> \(quizId) AND ranked
                               AND started_at < \(finishedAt) AND finished_at > \(startedAt)) AS overlaps
                """, logger: logger).first?.value("overlaps") ?? false
        }
        var elsewhere: [Int: Int] = [:]
        for day in Set(answers.map { UTCDay.number(of: $0.answeredAt) }) {
            let start = Date(timeIntervalSince1970: Double(day) * 86_400)
            let end = start.addingTimeInterval(86_400)
            elsewhere[day] = try await connection.rows("""
                SELECT count(*) AS ranked FROM result
                WHERE account_id = \(accountId) AND ranked AND quiz_id <> \(quizId)
                  AND answered_at >= \(start) AND answered_at < \(end)
                """, logger: logger).first?.value("ranked") ?? 0
        }
        let quiz = LeaderboardRules.Quiz(startedAt: startedAt, finishedAt: finishedAt,
                                         questionCount: try row.value("question_count"), overlapsRankedQuiz: overlaps)
        let ranked = LeaderboardRules.ranked(quiz, answers: answers, now: now, rankedElsewhere: elsewhere)
        guard ranked != rankedBefore || wasRanked != !ranked.isEmpty else { return }
        let rankedIds = Array(ranked)
        try await connection.run("UPDATE quiz SET ranked = \(!ranked.isEmpty) WHERE id = \(quizId)", logger: logger)
        try await connection.run("""
            UPDATE result SET ranked = (id = ANY(\(rankedIds)))
            WHERE account_id = \(accountId) AND quiz_id = \(quizId)
            """, logger: logger)
        // The first answers of this quiz's questions, worked out again from every ranked answer of the account to
        // them: the quiz's own may have come or gone. The day is worked out as migration v4-first-answers does.
        try await connection.run("""
            DELETE FROM first_answer
            WHERE account_id = \(accountId)
              AND result_id IN (SELECT id FROM result WHERE account_id = \(accountId) AND quiz_id = \(quizId))
            """, logger: logger)
        try await connection.run("""
            INSERT INTO first_answer AS f (day, account_id, question_id, result_id, answered_at, outcome)
            SELECT DISTINCT ON (day, question_id)
                   floor(extract(epoch FROM answered_at) / 86400)::integer AS day, account_id, question_id, id,
                   answered_at, outcome
            FROM result
            WHERE account_id = \(accountId) AND ranked
              AND question_id IN (SELECT question_id FROM result WHERE account_id = \(accountId) AND quiz_id = \(quizId))
            ORDER BY day, question_id, answered_at, id COLLATE "C"
            ON CONFLICT (day, account_id, question_id) DO UPDATE
            SET result_id = EXCLUDED.result_id, answered_at = EXCLUDED.answered_at, outcome = EXCLUDED.outcome
            WHERE EXCLUDED.answered_at < f.answered_at
               OR (EXCLUDED.answered_at = f.answered_at AND EXCLUDED.result_id COLLATE "C" < f.result_id COLLATE "C")
            """, logger: logger)
    }
}
