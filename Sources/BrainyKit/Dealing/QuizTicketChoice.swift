/// Which held quiz tickets a quiz may be played on: those of its category and type with its number of questions, in
/// the order held (oldest first). Whether a ticket's questions are all on the device is the shell's to ask the store.
public struct QuizTicketChoice: Equatable, Sendable {
    /// The tickets that fit, in the order held.
    public var fitting: [HeldQuizTicket]
    /// The number of questions of the tickets held for the quiz's category and type, when there are some: what to
    /// suggest when the quiz asked another number.
    public var heldSize: Int?

    public init(for request: DealRequest, among held: [HeldQuizTicket]) {
        let ofKind = held.filter { $0.category == request.category && $0.type == request.type }
        fitting = ofKind.filter { $0.questionIds.count == request.count }
        heldSize = ofKind.first?.questionIds.count
    }
}
