import BrainyKit
import Foundation

// Hint credits as a ledger: devices upload their grants and uses, the server keeps each id once per account (after
// verifying each grant), and devices download the account's events since a cursor. The balance is the sum.

public struct CreditEventsRequest: Codable, Equatable, Sendable {
    public var events: [CreditEvent]

    public init(events: [CreditEvent]) {
        self.events = events
    }

    /// The largest batch the server takes.
    public static let maxEvents = 500
    /// The longest id or ref it keeps.
    public static let maxIdLength = 128
}

/// Why the server did not count an event.
public enum CreditRefusalReason: String, Codable, Sendable, CaseIterable {
    /// A grant the server holds nothing to verify against: no accepted ad completion, no quiz of the account with
    /// that score, or a carried-over balance.
    case unverifiable
    /// An amount other than the rule's: a use is one credit, a start `CreditLedger.startingCredits`, a reward what
    /// its ad or quiz earned.
    case wrongAmount = "wrong_amount"
    /// An id that does not follow its kind's rule (`start:<account>`, `ad:<ad event>`, `quiz:<quiz>`), such as
    /// another account's starting credits.
    case wrongId = "wrong_id"
    /// A reason this client does not know (a newer server's): the event is refused all the same.
    case other

    public init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }
}

/// The server's answer for one event. An id the account already holds is answered as accepted, and counted once.
public struct CreditEventVerdict: Codable, Equatable, Sendable {
    public var id: String
    public var accepted: Bool
    public var reason: CreditRefusalReason?

    public init(id: String, accepted: Bool, reason: CreditRefusalReason? = nil) {
        self.id = id
        self.accepted = accepted
        self.reason = reason
    }
}

public struct CreditEventsResponse: Codable, Equatable, Sendable {
    /// One verdict per event sent, in order.
    public var results: [CreditEventVerdict]
    /// The account's balance on the server after this upload (`CreditLedger.balance` of its events).
    public var balance: Int

    public init(results: [CreditEventVerdict], balance: Int) {
        self.results = results
        self.balance = balance
    }
}

/// One page of the account's ledger, in the order the server stored it (numbered by the account's sequence, as
/// `SyncChangesResponse` is: the same cursor asked again gives the same page).
public struct CreditLedgerResponse: Codable, Equatable, Sendable {
    public var events: [CreditEvent]
    /// Where the next page starts (the cursor asked when the page is empty).
    public var cursor: Int64
    public var more: Bool
    /// The account's balance on the server.
    public var balance: Int
    /// Events of the page left out of `events` because their kind is unknown here (a newer server's); never on the
    /// wire, counted as the page is decoded. A client that keeps `cursor` past such a page would never ask for those
    /// events again once it knows their kind: `CreditSync` keeps the cursor before the page instead.
    public var eventsOfUnknownKinds = 0

    public init(events: [CreditEvent], cursor: Int64, more: Bool, balance: Int) {
        self.events = events
        self.cursor = cursor
        self.more = more
        self.balance = balance
    }

    private enum CodingKeys: String, CodingKey {
        case events, cursor, more, balance
    }

    /// An event of a kind this client does not know is left out (and counted), whatever else it holds: the rest of
    /// the page still holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let decoded = try container.decode([KnownKindEvent].self, forKey: .events)
        events = decoded.compactMap(\.event)
        eventsOfUnknownKinds = decoded.count - events.count
        cursor = try container.decode(Int64.self, forKey: .cursor)
        more = try container.decode(Bool.self, forKey: .more)
        balance = try container.decode(Int.self, forKey: .balance)
    }

    /// One event of a page: nil when its kind is unknown here; any other fault of a known kind's event still fails
    /// the page.
    private struct KnownKindEvent: Decodable {
        var event: CreditEvent?

        init(from decoder: any Decoder) throws {
            let kind = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .kind)
            event = CreditEventKind(rawValue: kind) == nil ? nil : try CreditEvent(from: decoder)
        }

        private enum Key: String, CodingKey { case kind }
    }

    public static let maxLimit = 1_000
    public static let defaultLimit = 500
}
