import BrainyKit
import Foundation

// Signed quiz tickets: the server deals a quiz's questions ahead of play (at sync), the device plays them offline and
// uploads the ticket with the quiz; only quizzes played on a ticket rank (docs/leaderboard-rules.md).

/// What kind of quiz a ticket deals: a category and a quiz type.
public struct QuizTicketKind: Codable, Hashable, Sendable {
    public var category: QuizCategory
    public var type: QuizType

    public init(category: QuizCategory, type: QuizType) {
        self.category = category
        self.type = type
    }

    /// The quiz types a ticket can deal: the bank's questions (AI mode makes its own on the device, so never ranks
    /// on a ticket).
    public static let types: [QuizType] = [.multipleChoice, .shortAnswer, .voice]
}

/// `POST /v1/quizzes/tickets`: how many tickets of each kind the device wants (each kind at most once).
public struct QuizTicketRequest: Codable, Equatable, Sendable {
    public struct Want: Codable, Equatable, Sendable {
        public var category: QuizCategory
        public var type: QuizType
        public var count: Int

        public init(category: QuizCategory, type: QuizType, count: Int = 1) {
            self.category = category
            self.type = type
            self.count = count
        }
    }

    public var wants: [Want]

    public init(wants: [Want]) { self.wants = wants }
}

/// One quiz the server dealt: which questions, in which order, with a seed that orders their options, and `token`,
/// the ticket signed by the server (a compact JWS). On the wire its fields are the device's `HeldQuizTicket`'s and
/// the day's, side by side in one object; the device keeps `held` with the quiz it plays and uploads the token.
@dynamicMemberLookup
public struct QuizTicket: Codable, Equatable, Sendable, Identifiable {
    public var held: HeldQuizTicket
    /// The UTC day it was dealt on (`yyyy-MM-dd`), whose number of tickets it counts against.
    public var day: String

    public init(id: String, seed: UInt64, category: QuizCategory, type: QuizType, questionIds: [String],
                issuedAt: Date, expiresAt: Date, day: String, token: String) {
        held = HeldQuizTicket(id: id, seed: seed, category: category, type: type, questionIds: questionIds,
                              issuedAt: issuedAt, expiresAt: expiresAt, token: token)
        self.day = day
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<HeldQuizTicket, Value>) -> Value {
        get { held[keyPath: field] }
        set { held[keyPath: field] = newValue }
    }

    public var id: String { held.id }
    public var kind: QuizTicketKind { QuizTicketKind(category: held.category, type: held.type) }

    private enum DayKey: String, CodingKey { case day }

    public init(from decoder: any Decoder) throws {
        held = try HeldQuizTicket(from: decoder)
        day = try decoder.container(keyedBy: DayKey.self).decode(String.self, forKey: .day)
    }

    public func encode(to encoder: any Encoder) throws {
        try held.encode(to: encoder)
        var container = encoder.container(keyedBy: DayKey.self)
        try container.encode(day, forKey: .day)
    }
}

/// The tickets dealt, and how many more the account may be dealt today (UTC).
public struct QuizTicketResponse: Codable, Equatable, Sendable {
    public var tickets: [QuizTicket]
    public var remainingToday: Int

    public init(tickets: [QuizTicket], remainingToday: Int) {
        self.tickets = tickets
        self.remainingToday = remainingToday
    }
}

extension HeldQuizTicket {
    /// The ticket as the device keeps it.
    public init(_ ticket: QuizTicket) { self = ticket.held }
}
