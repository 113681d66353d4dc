import Foundation

/// A quiz the server dealt ahead of play (a signed quiz ticket), kept on the device until a quiz is played on it:
/// `start` deals its questions in its order, the seed orders their options, and the quiz uploads `token`, so that
/// the leaderboard can rank it. Its JSON is the server's ticket's (`QuizTicket` adds the day it was dealt on).
public struct HeldQuizTicket: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var seed: UInt64
    public var category: QuizCategory
    public var type: QuizType
    public var questionIds: [String]
    public var issuedAt: Date
    public var expiresAt: Date
    /// The signed ticket, as the server sent it.
    public var token: String

    public init(id: String, seed: UInt64, category: QuizCategory, type: QuizType, questionIds: [String],
                issuedAt: Date, expiresAt: Date, token: String) {
        self.id = id
        self.seed = seed
        self.category = category
        self.type = type
        self.questionIds = questionIds
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.token = token
    }

    /// The quiz types the server deals tickets for: the bank's questions (AI mode makes its own on the device).
    public static func canRank(_ type: QuizType) -> Bool { type != .ai }
}

/// The quiz tickets a user holds on this device.
public protocol QuizTicketRepository: Sendable {
    /// Keeps tickets fetched for `userId` (a ticket kept already is left as it is).
    func saveQuizTickets(_ tickets: [HeldQuizTicket], userId: String) throws(StoreError)
    /// The user's tickets no quiz used yet that are still valid at `now`, oldest first. Expired ones are forgotten.
    func unusedQuizTickets(userId: String, now: Date) throws(StoreError) -> [HeldQuizTicket]
    /// Marks the ticket used by the quiz played on it; the quiz uploads its token.
    func useQuizTicket(id: String, quizId: String) throws(StoreError)
}
