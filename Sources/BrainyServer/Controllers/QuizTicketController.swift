import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Deals signed quiz tickets to the signed-in account: each the questions of one quiz, drawn by the server from its
/// pack, with a seed for their options' order. At most `dailyCap` a UTC day, so that ticketed play stays within the
/// leaderboard's daily cap of ranked answers.
struct QuizTicketController {
    let tickets: any QuizTicketStore
    let signer: QuizTickets
    /// The pack's question ids a ticket of each kind deals from, in id order.
    let candidates: [QuizTicketKind: [String]]
    let clock: any BrainyClock
    let random: ServerRandom
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    /// Questions a ticket deals (fewer when its kind has fewer).
    static let questionsPerTicket = 10
    /// Tickets an account is dealt a UTC day: the leaderboard's daily cap of ranked answers in quizzes of ten.
    static let dailyCap = LeaderboardRules.dailyCap / questionsPerTicket
    /// How long a ticket may wait on the device before it is played.
    static let lifetime: TimeInterval = 7 * 86_400

    /// The question ids of `questions` each kind of ticket deals from: the pack's (not AI mode's), of its category,
    /// read aloud well for voice quizzes.
    static func candidates(from questions: [String: Question]) -> [QuizTicketKind: [String]] {
        var candidates: [QuizTicketKind: [String]] = [:]
        for question in questions.values where !question.id.hasPrefix("ai-") {
            for type in QuizTicketKind.types where type != .voice || question.voice {
                candidates[QuizTicketKind(category: question.category, type: type), default: []].append(question.id)
            }
        }
        return candidates.mapValues { $0.sorted() }
    }

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.quizTickets, use: deal)
        return routes.collection
    }

    @Sendable func deal(_ body: QuizTicketRequest, _ request: Request, context: ServerRequestContext) async throws
        -> QuizTicketResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        try Self.validate(body)
        let now = clock.now()
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt.addingTimeInterval(Self.lifetime)
        let day = UTCDay.number(of: now)
        var drawn: [StoredQuizTicket] = []
        for want in body.wants {
            let pool = candidates[QuizTicketKind(category: want.category, type: want.type)] ?? []
            guard !pool.isEmpty else { continue }
            for _ in 0..<want.count where drawn.count < Self.dailyCap {
                drawn.append(StoredQuizTicket(
                    id: Base64URL.encode(Data(random.bytes(16))), accountId: userId,
                    // 53 bits: the seed travels as a JSON number, exact in every client's doubles.
                    seed: random.next() >> 11, category: want.category, type: want.type,
                    questionIds: draw(Self.questionsPerTicket, from: pool), issuedAt: issuedAt, expiresAt: expiresAt,
                    day: day))
            }
        }
        guard let deal = try await tickets.recordTickets(drawn, accountId: userId, day: day, cap: Self.dailyCap) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        var dealt: [QuizTicket] = []
        for ticket in deal.recorded {
            let claims = QuizTicketClaims(id: ticket.id, userId: userId, seed: ticket.seed, category: ticket.category,
                                          type: ticket.type, questionIds: ticket.questionIds,
                                          issuedAt: Int(issuedAt.timeIntervalSince1970),
                                          expiresAt: Int(expiresAt.timeIntervalSince1970))
            dealt.append(QuizTicket(id: ticket.id, seed: ticket.seed, category: ticket.category, type: ticket.type,
                                    questionIds: ticket.questionIds, issuedAt: issuedAt, expiresAt: expiresAt,
                                    day: LeaderboardController.format(now), token: try await signer.sign(claims)))
        }
        return QuizTicketResponse(tickets: dealt, remainingToday: deal.remaining)
    }

    /// `count` ids of `pool` at random, in the order drawn (a partial Fisher–Yates).
    private func draw(_ count: Int, from pool: [String]) -> [String] {
        var pool = pool
        let wanted = min(count, pool.count)
        for i in 0..<wanted { pool.swapAt(i, i + random.below(pool.count - i)) }
        return Array(pool.prefix(wanted))
    }

    static func validate(_ body: QuizTicketRequest) throws(APIError) {
        guard !body.wants.isEmpty, body.wants.count <= 100 else {
            throw APIError.badRequest("'wants' must list 1 to 100 kinds of quiz.")
        }
        var kinds: Set<QuizTicketKind> = []
        for (index, want) in body.wants.enumerated() {
            guard QuizTicketKind.types.contains(want.type) else {
                throw APIError.badRequest("'wants[\(index)].type' must be mc, short or voice: AI mode's quizzes are made on the device.")
            }
            guard (1...dailyCap).contains(want.count) else {
                throw APIError.badRequest("'wants[\(index)].count' must be 1 to \(dailyCap).")
            }
            guard kinds.insert(QuizTicketKind(category: want.category, type: want.type)).inserted else {
                throw APIError.badRequest("'wants[\(index)]' repeats a category and type listed before it.")
            }
        }
    }
}

extension QuizTicketResponse: ResponseEncodable {}
