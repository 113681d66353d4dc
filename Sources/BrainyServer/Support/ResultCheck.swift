import BrainyAPI
import BrainyKit
import Foundation

/// What the server makes of an uploaded result or quiz before storing it. Uploads carry an outcome, not the answer
/// given, so the server cannot grade them again; it holds results to the questions it serves and to plausible times,
/// and the leaderboard counts only what it could check (`CheckedResult.ranked`), each question once a day.
struct ResultCheck {
    /// Questions of the pack the server serves.
    let questionIds: Set<String>
    /// Questions of the bundled knowledge base's generator (AI mode, `ai-<template>-<entity>`).
    var generatedQuestionIds: Set<String> = []
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
        case accepted(ranked: Bool)
    }

    func verdict(for result: UploadedResult) -> Verdict {
        guard result.answeredAt <= now.addingTimeInterval(Self.clockSkew) else { return .refused(.inTheFuture) }
        guard result.timeSpent <= Self.maxTimeSpent else { return .refused(.implausibleTime) }
        let afterSignUp = result.answeredAt >= accountCreatedAt.addingTimeInterval(-Self.clockSkew)
        if questionIds.contains(result.questionId) || generatedQuestionIds.contains(result.questionId) {
            return .accepted(ranked: afterSignUp)
        }
        // Other generated questions (a language model's) cannot be looked up: held (history, ratings), never ranked.
        if result.questionId.hasPrefix(Self.generatedPrefix) { return .accepted(ranked: false) }
        return .refused(.unknownQuestion)
    }

    func refusal(for quiz: UploadedQuiz) -> ResultRefusalReason? {
        quiz.startedAt <= now.addingTimeInterval(Self.clockSkew) ? nil : .inTheFuture
    }
}
