import BrainyAPI
import BrainyKit
import Foundation

/// One page of an account's ledger as the server keeps it: `CreditLedgerResponse` on the wire, with each event's
/// kind as stored. A kind this server does not know (written by a newer server on the same database, before a roll
/// back) is served as it is, not refused: a client that knows it counts it, one that does not leaves it out and keeps
/// its cursor before the page (`CreditLedgerResponse.eventsOfUnknownKinds`). The balance counts known kinds only.
public struct CreditLedgerPage: Encodable, Equatable, Sendable {
    /// A `CreditEvent` whose kind is the stored word.
    public struct Event: Encodable, Equatable, Sendable {
        public var id: String
        public var kind: String
        public var amount: Int
        public var ref: String?
        public var occurredAt: Date
    }

    public var events: [Event]
    public var cursor: Int64
    public var more: Bool
    public var balance: Int
}

extension CreditRules {
    /// The kinds whose amounts this server counts in a balance.
    static let knownKinds = CreditEventKind.allCases.map(\.rawValue)
}
