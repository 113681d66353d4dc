import BrainyKit
import Foundation

/// The shell's part of playing a quiz on a quiz ticket: it reads the tickets held and asks the store whether a fitting
/// one's questions are all on this device (which fit is `QuizTicketChoice`'s, in BrainyKit). Without one the quiz is
/// dealt here and does not rank; the player is told so once, until the next sync fetches tickets.
struct QuizTicketDealing {
    let repository: any BrainyRepository
    /// Where the player is told the quiz will not rank.
    let console: Console
    /// When the quiz is dealt (a ticket held past its expiry is not played).
    let now: Date

    static func toldKey(_ userId: String) -> String { "noTicketTold:\(userId)" }

    /// The ticket to play `request` on (a quiz `DealPlan` lets use one), or nil (after saying, once, that the quiz
    /// will not rank).
    func ticket(for request: DealRequest) throws -> HeldQuizTicket? {
        // Only an account the server knows can rank (tickets are fetched by its sync).
        guard try repository.remoteTokens(userId: request.userId) != nil else { return nil }
        let choice = QuizTicketChoice(for: request,
                                      among: try repository.unusedQuizTickets(userId: request.userId, now: now))
        for ticket in choice.fitting where try repository.questions(ids: ticket.questionIds).count == ticket.questionIds.count {
            return ticket
        }
        try tellNoTicket(request, size: choice.heldSize)
        return nil
    }

    /// Says once that the quiz will not rank, and how to play one that does: `size` is the number of questions of
    /// the tickets held for this kind, when there are some (the quiz asked another number).
    private func tellNoTicket(_ request: DealRequest, size: Int?) throws {
        let key = Self.toldKey(request.userId)
        guard try repository.syncValue(key) == nil else { return }
        try repository.setSyncValue("1", for: key)
        let how = size.map { size in
            Localized(ko: "이 종류의 티켓은 \(size)문제짜리입니다: 'start random \(size)'.",
                      en: "The tickets held for it are of \(size) questions: 'start random \(size)'.")
        } ?? Localized(ko: "'sync'가 티켓을 받아 옵니다.", en: "'sync' fetches tickets.")
        console.line(console.paint(console.text(Localized(
            ko: "이 퀴즈는 퀴즈 티켓 없이 이 기기에서 문제를 골랐으므로 순위표에 오르지 않습니다. 순위에 오르는 퀴즈는 서버가 낸 퀴즈 티켓으로 풉니다. ",
            en: "This quiz was dealt on this device without a quiz ticket, so it will not rank on the leaderboard; quizzes that rank are played on tickets the server dealt. "))
            + console.text(how), \.warning))
    }
}
