import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Result upload for the signed-in account: idempotent by id, so a batch sent twice counts once.
struct ResultsController {
    let results: any ResultStore
    let clock: any BrainyClock
    let auth: BearerAuthMiddleware

    static let maxBatch = 10_000

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self).add(middleware: auth)
        routes.on(.uploadResults, use: upload)
        routes.on(.resultSummary, use: summary)
        return routes
    }

    /// What the server holds for the caller: results, correct answers, quizzes, the newest answer.
    @Sendable func summary(_ request: Request, context: ServerRequestContext) async throws -> ResultSummaryResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        return try await results.resultSummary(accountId: userId)
    }

    @Sendable func upload(_ request: Request, context: ServerRequestContext) async throws -> ResultUploadResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let batch = try await request.decodeJSON(ResultUploadRequest.self, context: context)
        try Self.validate(batch)
        guard let response = try await results.storeResults(batch, userId: userId, receivedAt: clock.now()) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        return response
    }

    static func validate(_ batch: ResultUploadRequest) throws(APIError) {
        guard batch.results.count <= maxBatch, batch.quizzes.count <= maxBatch else {
            throw APIError(.contentTooLarge, "batch_too_large",
                           "Send at most \(maxBatch) results and \(maxBatch) quizzes per request.")
        }
        func checkId(_ id: String, _ field: String) throws(APIError) {
            guard !id.isEmpty, id.count <= 128 else {
                throw APIError.badRequest("'\(field)' must be 1 to 128 characters.")
            }
        }
        for (index, result) in batch.results.enumerated() {
            try checkId(result.id, "results[\(index)].id")
            try checkId(result.quizId, "results[\(index)].quizId")
            try checkId(result.questionId, "results[\(index)].questionId")
            guard result.timeSpent.isFinite, result.timeSpent >= 0 else {
                throw APIError.badRequest("'results[\(index)].timeSpent' must be a number of seconds, 0 or more.")
            }
        }
        for (index, quiz) in batch.quizzes.enumerated() {
            try checkId(quiz.id, "quizzes[\(index)].id")
            guard quiz.questionCount >= 0, (0...quiz.questionCount).contains(quiz.correctCount) else {
                throw APIError.badRequest(
                    "'quizzes[\(index)]' needs 0 <= correctCount <= questionCount.")
            }
        }
    }
}
