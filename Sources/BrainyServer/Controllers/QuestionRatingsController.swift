import BrainyAPI
import BrainyKit
import Crypto
import Foundation
import Hummingbird

/// `GET /v1/questions/ratings`: every player's answers to each question, as the learner model's difficulty (for an
/// average player): ln((wrong + 1) / (right + 1)), the counts smoothed so that one answer does not make a question
/// impossible or trivial. Shells import them at sync, so that AI mode and `start adaptive` know a question's
/// difficulty from everyone's play, not from its label alone.
///
/// One account cannot poison it: each account's first answer to a question is its one vote, and only questions the
/// server can check are rated, so the document has at most one entry per question it serves (its size is the
/// pack's, whatever is uploaded). Its ETag is a digest of the document: a shell holding it gets a 304.
struct QuestionRatingsController {
    let results: any ResultStore
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.questionRatings, use: ratings)
        return routes.collection
    }

    @Sendable func ratings(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let document = QuestionRatingsResponse(ratings: try await results.questionTallies().map(Self.rating))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(document)
        let digest = SHA256.hash(data: json).prefix(12).map { String(format: "%02x", $0) }.joined()
        return ContentController.document(json, version: "ratings-\(digest)", request: request)
    }

    static func rating(_ tally: QuestionTally) -> QuestionRatingsResponse.Entry {
        let wrong = tally.answered - tally.correct
        return .init(questionId: tally.questionId, value: log(Double(wrong + 1) / Double(tally.correct + 1)),
                     answers: tally.answered)
    }
}
