import BrainyAPI
import BrainyKit
import Foundation

/// What the server makes of an uploaded result or quiz before storing it: results are held to the questions it
/// knows and to plausible times, and a result that says it is right is graded again from the answer it carries. The
/// leaderboard counts only what the server could check (`CheckedResult.ranked`) in a plausible quiz
/// (`LeaderboardRules`), each question once a day; the question ratings only questions it can look up.
struct ResultCheck {
    /// The questions the server knows: the pack it serves and those AI mode makes from the bundled knowledge base.
    let questions: [String: Question]
    let now: Date
    /// When the caller's account was made: answers from before (a guest's history moved to the account) are kept
    /// but not ranked, so a new account cannot fill in past days' leaderboards.
    let accountCreatedAt: Date

    /// How far a device's clock may run ahead of the server's.
    static let clockSkew: TimeInterval = 5 * 60
    /// More than a day on one question is no play.
    static let maxTimeSpent: TimeInterval = 86_400
    /// Questions made on the device (AI mode: `ai-<template>-<entity>` from the knowledge base, `ai-llm-…` from a
    /// language model).
    static let generatedPrefix = "ai-"

    enum Verdict: Equatable {
        case refused(ResultRefusalReason)
        /// Held; `ranked`: it may rank (its quiz decides); `rated`: its question's rating counts it.
        case accepted(ranked: Bool, rated: Bool)
    }

    func verdict(for result: UploadedResult) -> Verdict {
        guard result.answeredAt <= now.addingTimeInterval(Self.clockSkew) else { return .refused(.inTheFuture) }
        guard result.timeSpent <= Self.maxTimeSpent else { return .refused(.implausibleTime) }
        let afterSignUp = result.answeredAt >= accountCreatedAt.addingTimeInterval(-Self.clockSkew)
        if let question = questions[result.questionId] {
            // Saying less than right (wrong, too late, skipped) gains nothing: only a right answer is graded again.
            guard result.outcome == .correct else { return .accepted(ranked: afterSignUp, rated: true) }
            // An older device's upload carries no answer: held, not ranked.
            guard let answer = result.answer else { return .accepted(ranked: false, rated: true) }
            guard AnswerGrader.isCorrect(answer, for: question, withOptions: result.type.hasOptions) else {
                return .refused(.notTheAnswer)
            }
            return .accepted(ranked: afterSignUp, rated: true)
        }
        // Other generated questions (a language model's) cannot be looked up: held (history), never ranked nor rated.
        if result.questionId.hasPrefix(Self.generatedPrefix) { return .accepted(ranked: false, rated: false) }
        return .refused(.unknownQuestion)
    }

    func refusal(for quiz: UploadedQuiz) -> ResultRefusalReason? {
        quiz.startedAt <= now.addingTimeInterval(Self.clockSkew) ? nil : .inTheFuture
    }
}
