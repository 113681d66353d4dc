import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// `GET /v1/questions/ratings`: every player's answers to each question, as the learner model's difficulty (for an
/// average player): ln((wrong + 1) / (right + 1)), the counts smoothed so that one answer does not make a question
/// impossible or trivial. Shells import them at sync, so that AI mode and `start adaptive` know a question's
/// difficulty from everyone's play, not from its label alone.
struct QuestionRatingsController {
    let results: any ResultStore

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.on(.questionRatings, use: ratings)
        return routes
    }

    @Sendable func ratings(_ request: Request, context: ServerRequestContext) async throws -> QuestionRatingsResponse {
        QuestionRatingsResponse(ratings: try await results.questionTallies().map(Self.rating))
    }

    static func rating(_ tally: QuestionTally) -> QuestionRatingsResponse.Entry {
        let wrong = tally.answered - tally.correct
        return .init(questionId: tally.questionId, value: log(Double(wrong + 1) / Double(tally.correct + 1)),
                     answers: tally.answered)
    }
}
