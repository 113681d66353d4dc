import BrainyAPI
import BrainyKit
import Foundation

/// The quiz tickets part of `sync`, after the pack: keeps `keptPerKind` unused tickets of every category and ticketed
/// quiz type on the device, asking the server for the missing ones, so that quizzes played offline can rank.
struct QuizTicketSync {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    /// The categories the config in force offers.
    let categories: [QuizCategory]

    /// Unused tickets kept per (category, type): a day's play of one kind offline at most needs a few.
    static let keptPerKind = 2

    /// How many tickets came.
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> Int {
        var held: [QuizTicketKind: Int] = [:]
        for ticket in try repository.unusedQuizTickets(userId: userId, now: now()) {
            held[QuizTicketKind(category: ticket.category, type: ticket.type), default: 0] += 1
        }
        var wants: [QuizTicketRequest.Want] = []
        for category in categories {
            for type in QuizTicketKind.types {
                let missing = Self.keptPerKind - held[QuizTicketKind(category: category, type: type), default: 0]
                if missing > 0 { wants.append(.init(category: category, type: type, count: missing)) }
            }
        }
        guard !wants.isEmpty else { return 0 }
        let request = QuizTicketRequest(wants: wants)
        // A server from before tickets answers 404: nothing to fetch, nothing to say.
        guard let response = try remote.authorized(api, watch, { api, token -> QuizTicketResponse? in
            do throws(RemoteError) {
                return try await api.call(API.quizTickets, request, accessToken: token)
            } catch where error.status == 404 {
                return nil
            }
        }) else { return 0 }
        guard !response.tickets.isEmpty else { return 0 }
        try repository.saveQuizTickets(response.tickets.map(HeldQuizTicket.init), userId: userId)
        // Tickets again: running out of them is news again.
        try repository.setSyncValue(nil, for: QuizTicketDealing.toldKey(userId))
        return response.tickets.count
    }
}
