import BrainyKit
import Foundation

/// A quiz ticket as the server records it when it deals it: the quiz a signed ticket stands for, and which quiz
/// used it.
struct StoredQuizTicket: Equatable, Sendable {
    var id: String
    var accountId: String
    var seed: UInt64
    var category: QuizCategory
    var type: QuizType
    var questionIds: [String]
    var issuedAt: Date
    var expiresAt: Date
    /// The UTC day it was dealt on (`UTCDay.number`), whose number of tickets it counts against.
    var day: Int
    /// The quiz played on it; nil while unused.
    var usedBy: String?
}

/// What recording a deal came to: the tickets recorded (the first ones asked, as many as the day's number allows)
/// and how many more the account may be dealt that day.
struct QuizTicketDeal: Equatable, Sendable {
    var recorded: [StoredQuizTicket]
    var remaining: Int
}

/// The quiz tickets dealt (`quiz_ticket`): a number per account and UTC day, each used by one quiz at most.
protocol QuizTicketStore: Sendable {
    /// Records the first of `tickets`, dealt to `accountId` on UTC day `day`, that keep the account within `cap`
    /// tickets that day, in one transaction (so that requests at once cannot each find room). Nil when there is no
    /// such account.
    func recordTickets(_ tickets: [StoredQuizTicket], accountId: String, day: Int, cap: Int) async throws
        -> QuizTicketDeal?
    /// Ticket `id` of `accountId` as recorded; nil for one never dealt to that account.
    func ticket(id: String, accountId: String) async throws -> StoredQuizTicket?
    /// Marks ticket `id` of `accountId` used by `quizId`. True when the ticket is now that quiz's (or already was);
    /// false when another quiz used it, the quiz holds another ticket, or no such ticket was dealt to the account.
    func claimTicket(id: String, accountId: String, quizId: String) async throws -> Bool
}
