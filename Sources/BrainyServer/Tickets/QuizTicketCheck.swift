import BrainyKit
import Foundation

/// Whether an uploaded quiz was played on a ticket this server dealt to the uploader: the ticket's signature, its
/// expiry, its owner, that the quiz is of the ticket's kind and size and started while the ticket was valid, and that
/// no other quiz used it. A quiz that passes holds its ticket (`QuizTicketStore.claimTicket`), and the leaderboard
/// then ranks its answers only if they are the ticket's questions in the ticket's order (`LeaderboardRules`).
struct QuizTicketCheck: Sendable {
    let tickets: any QuizTicketStore
    let signer: QuizTickets

    /// The clock skew allowed between a device and the server.
    static let skew: TimeInterval = 300

    enum Problem: String, Equatable, Sendable {
        /// Not signed by this server (altered, forged, or not a ticket at all).
        case forged
        case expired
        /// Dealt to another account, or never recorded.
        case notYours = "not_yours"
        /// Another category, type or number of questions than the ticket's, or started before it was dealt.
        case otherQuiz = "other_quiz"
        /// Another quiz already used it, or this quiz holds another ticket.
        case used
    }

    /// Nil when `quiz` now holds its ticket (or already did); else what is wrong with the ticket. `now` is when the
    /// upload arrived.
    func claim(_ quiz: UploadedQuiz, userId: String, now: Date) async throws -> Problem? {
        guard let token = quiz.ticket, let claims = await signer.verify(token) else { return .forged }
        guard claims.userId == userId else { return .notYours }
        // Played before it ran out, and uploaded within the grace the leaderboard gives a device syncing late.
        guard quiz.startedAt <= claims.expiryDate, now <= claims.expiryDate.addingTimeInterval(LeaderboardRules.grace)
        else { return .expired }
        guard quiz.category == claims.category, quiz.type == claims.type,
              quiz.questionCount == claims.questionIds.count,
              quiz.startedAt >= claims.issueDate.addingTimeInterval(-Self.skew)
        else { return .otherQuiz }
        guard try await tickets.ticket(id: claims.id, accountId: userId) != nil else { return .notYours }
        return try await tickets.claimTicket(id: claims.id, accountId: userId, quizId: quiz.id) ? nil : .used
    }

    /// Claims the tickets of `quizzes`, each ticket once per upload (a token sent with many quizzes costs one claim);
    /// what each quiz came to, by quiz id, for the quizzes that carried a ticket.
    func claimAll(_ quizzes: [UploadedQuiz], userId: String, now: Date) async throws -> [String: Problem?] {
        var outcomes: [String: Problem?] = [:]
        var tried: Set<String> = []
        for quiz in quizzes {
            guard let token = quiz.ticket else { continue }
            guard tried.insert(token).inserted else {
                outcomes[quiz.id] = .used
                continue
            }
            outcomes[quiz.id] = try await claim(quiz, userId: userId, now: now)
        }
        return outcomes
    }
}
