import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// Judges the quizzes `quizIds` of `accountId` again by `LeaderboardRules` at `now`, one after another as
    /// `ServerDatabase.judge` does, with every answer of each held: marks which answers rank (and each quiz, when any
    /// does), and keeps the first answers of the questions they touched right. A quiz not held yet is left: its answers
    /// wait unranked until it arrives. A few statements for the whole upload, whatever its number of quizzes.
    func judge(quizIds: [String], accountId: String, at now: Date, on connection: PostgresConnection) async throws {
        guard !quizIds.isEmpty else { return }
        struct Held {
            var quiz: LeaderboardRules.Quiz
            var wasRanked: Bool
            var answers: [LeaderboardRules.Answer] = []
            var rankedBefore: Set<String> = []
        }
        var held: [String: Held] = [:]
        for row in try await connection.rows("""
            SELECT id, started_at, finished_at, question_count, ranked FROM quiz
            WHERE account_id = \(accountId) AND id = ANY(\(quizIds))
            """, logger: logger) {
            held[try row.value("id")] = Held(
                quiz: .init(startedAt: try row.value("started_at"), finishedAt: try row.value("finished_at"),
                            questionCount: try row.value("question_count"), overlapsRankedQuiz: false),
                wasRanked: try row.value("ranked"))
        }
        guard !held.isEmpty else { return }
        let judged = Array(held.keys)
        for (quizId, dealt) in try await dealtQuestionIds(quizIds: judged, accountId: accountId, on: connection) {
            held[quizId]?.quiz.dealt = dealt
        }
        for row in try await connection.rows("""
            SELECT id, quiz_id, question_id, type, time_spent, answered_at, eligible, ranked FROM result
            WHERE account_id = \(accountId) AND quiz_id = ANY(\(judged))
            """, logger: logger) {
            let id: String = try row.value("id")
            let quizId: String = try row.value("quiz_id")
            held[quizId]?.answers.append(.init(
                id: id, questionId: try row.value("question_id"),
                type: QuizType(rawValue: try row.value("type")) ?? .multipleChoice,
                timeSpent: try row.value("time_spent"), answeredAt: try row.value("answered_at"),
                eligible: try row.value("eligible")))
            if try row.value("ranked", as: Bool.self) { held[quizId]?.rankedBefore.insert(id) }
        }
        // What the account's other quizzes already rank, around these: their spans, and their answers per day.
        let starts = held.values.map(\.quiz.startedAt)
        let ends = held.values.map { $0.quiz.finishedAt ?? $0.quiz.startedAt }
        let answerTimes = held.values.flatMap { $0.answers.map(\.answeredAt) }
        // Spans of the account's ranked quizzes, by id: the others' as stored, these as they stand before judging.
        var spans: [String: (start: Date, end: Date)] = [:]
        for row in try await connection.rows(Self.rankedSpans(accountId: accountId, besides: judged,
                                                              from: starts.min()!, to: ends.max()!),
                                             logger: logger) {
            spans[try row.value("id")] = (try row.value("started_at"), try row.value("finished_at"))
        }
        for (id, entry) in held where entry.wasRanked {
            if let finishedAt = entry.quiz.finishedAt { spans[id] = (entry.quiz.startedAt, finishedAt) }
        }
        // Ranked answers per UTC day: the other quizzes' as stored, these as they stand before judging.
        var perDay: [Int: Int] = [:]
        if let first = answerTimes.min(), let last = answerTimes.max() {
            for row in try await connection.rows(Self.rankedAnswersPerDay(accountId: accountId, besides: judged,
                                                                          from: first, through: last),
                                                 logger: logger) {
                perDay[try row.value("day")] = try row.value("ranked")
            }
        }
        func count(_ ids: Set<String>, in entry: Held, by step: Int) {
            for answer in entry.answers where ids.contains(answer.id) {
                perDay[UTCDay.number(of: answer.answeredAt), default: 0] += step
            }
        }
        for entry in held.values { count(entry.rankedBefore, in: entry, by: 1) }
        // In order of their ids, as SQLite judges them: each quiz sees what those before it came to.
        var changedQuizzes: [String] = []
        var quizFlags: [Bool] = []
        var rankedIds: [String] = []
        var newlyRanked: [String] = []
        var newlyUnranked: [String] = []
        for id in judged.sorted() {
            guard var entry = held[id] else { continue }
            spans[id] = nil
            count(entry.rankedBefore, in: entry, by: -1)
            if let finishedAt = entry.quiz.finishedAt {
                entry.quiz.overlapsRankedQuiz = spans.values.contains {
                    $0.start < finishedAt && $0.end > entry.quiz.startedAt
                }
            }
            let ranked = LeaderboardRules.ranked(entry.quiz, answers: entry.answers, now: now, rankedElsewhere: perDay,
                                                 ticketless: ranksQuizzesWithoutTickets)
            count(ranked, in: entry, by: 1)
            if !ranked.isEmpty, let finishedAt = entry.quiz.finishedAt {
                spans[id] = (entry.quiz.startedAt, finishedAt)
            }
            guard ranked != entry.rankedBefore || entry.wasRanked != !ranked.isEmpty else { continue }
            changedQuizzes.append(id)
            quizFlags.append(!ranked.isEmpty)
            rankedIds += ranked
            newlyRanked += ranked.subtracting(entry.rankedBefore)
            newlyUnranked += entry.rankedBefore.subtracting(ranked)
        }
        guard !changedQuizzes.isEmpty else { return }
        try await connection.run("""
            UPDATE quiz SET ranked = v.ranked FROM unnest(\(changedQuizzes), \(quizFlags)) AS v(id, ranked)
            WHERE quiz.id = v.id AND quiz.account_id = \(accountId)
            """, logger: logger)
        try await connection.run("""
            UPDATE result SET ranked = (id = ANY(\(rankedIds)))
            WHERE account_id = \(accountId) AND quiz_id = ANY(\(changedQuizzes))
            """, logger: logger)
        try await refreshFirstAnswers(accountId: accountId, newlyRanked: newlyRanked, newlyUnranked: newlyUnranked,
                                      on: connection)
    }

    /// The spans of the account's ranked quizzes other than `besides` that overlap `from`..<`to`. Reads
    /// quiz_on_account_id_finished_at: quizzes arrive mostly in the order they were played, and few end after the
    /// batch's first starts.
    static func rankedSpans(accountId: String, besides judged: [String], from: Date, to: Date) -> PostgresQuery {
        """
        SELECT id, started_at, finished_at FROM quiz
        WHERE account_id = \(accountId) AND ranked AND NOT (id = ANY(\(judged)))
          AND started_at < \(to) AND finished_at > \(from)
        """
    }

    /// The account's ranked answers per UTC day outside the quizzes `besides`, over the days of `first`...`last`.
    /// Reads result_on_account_id_ranked_answered_at.
    static func rankedAnswersPerDay(accountId: String, besides judged: [String], from first: Date,
                                    through last: Date) -> PostgresQuery {
        """
        SELECT floor(extract(epoch FROM answered_at) / 86400)::integer AS day, count(*) AS ranked FROM result
        WHERE account_id = \(accountId) AND ranked AND NOT (quiz_id = ANY(\(judged)))
          AND answered_at >= \(UTCDay.start(of: first))
          AND answered_at < \(UTCDay.start(of: last).addingTimeInterval(86_400))
        GROUP BY 1
        """
    }
}
