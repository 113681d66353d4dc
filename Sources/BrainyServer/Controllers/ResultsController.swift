import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// Result upload for the signed-in account: idempotent by id, so a batch sent twice counts once. Each result is
/// checked (`ResultCheck`) and refused with a reason, or held and marked whether the leaderboard may count it.
struct ResultsController {
    let results: any ResultStore & AccountStore
    /// The questions results are checked and graded against (`ServedContent.questions`).
    let questions: [String: Question]
    let clock: any BrainyClock
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware
    /// What one account may store a day.
    var quota: StorageQuota = .defaults
    /// Checks the quiz tickets uploaded quizzes carry; nil takes none (their quizzes are held as without one).
    var tickets: QuizTicketCheck? = nil
    /// Keeps an uploaded quiz's stage number only if the served pack has that stage.
    let stages: StageNumberCheck

    init(results: any ResultStore & AccountStore, questions: [String: Question], clock: any BrainyClock,
         auth: BearerAuthMiddleware, quota: StorageQuota = .defaults, tickets: QuizTicketCheck? = nil) {
        self.results = results
        self.questions = questions
        self.clock = clock
        self.auth = auth
        self.quota = quota
        self.tickets = tickets
        stages = StageNumberCheck(questions: questions)
    }

    static let maxBatch = 10_000

    /// 429 `quota_exceeded` until the next UTC day, when the account's quota starts again.
    static func refusal(_ exceeded: QuotaExceeded, now: Date) -> APIError {
        var error = APIError(.tooManyRequests, "quota_exceeded", """
            This account has stored its \(exceeded.limit) \(exceeded.what) for today (UTC); nothing of this upload \
            was stored. Keep it and send it again after midnight UTC.
            """)
        let nextDay = UTCDay.start(of: now).addingTimeInterval(86_400)
        error.retryAfter = max(1, Int(nextDay.timeIntervalSince(now).rounded(.up)))
        return error
    }

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.uploadResults, use: upload)
        routes.on(API.resultSummary, use: summary)
        return routes.collection
    }

    /// What the server holds for the caller: results, correct answers, quizzes, the newest answer.
    @Sendable func summary(_: Empty, _ request: Request, context: ServerRequestContext) async throws
        -> ResultSummaryResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        return try await results.resultSummary(accountId: userId)
    }

    @Sendable func upload(_ batch: ResultUploadRequest, _ request: Request, context: ServerRequestContext) async throws
        -> ResultUploadResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        try Self.validate(batch)
        let gone = APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        let now = clock.now()
        guard let account = try await results.account(id: userId) else { throw gone }
        let check = ResultCheck(questions: questions, now: now,
                                accountCreatedAt: account.createdAt)
        var refusals: [ResultRefusal] = []
        var checked: [CheckedResult] = []
        checked.reserveCapacity(batch.results.count)
        for result in batch.results {
            switch check.verdict(for: result) {
            case let .refused(reason): refusals.append(ResultRefusal(id: result.id, reason: reason))
            case let .accepted(ranked, rated): checked.append(CheckedResult(result: result, ranked: ranked, rated: rated))
            }
        }
        var quizzes: [UploadedQuiz] = []
        for quiz in batch.quizzes {
            if let reason = check.refusal(for: quiz) {
                refusals.append(ResultRefusal(id: quiz.id, reason: reason))
            } else {
                quizzes.append(stages.checked(quiz))
            }
        }
        // Before storing: the leaderboard judges each stored quiz with the ticket it holds.
        _ = try await tickets?.claimAll(quizzes, userId: userId, now: now)
        let stored: ResultUploadResponse?
        do {
            stored = try await results.storeResults(checked, quizzes: quizzes, userId: userId, receivedAt: now,
                                                    quota: quota)
        } catch let exceeded as QuotaExceeded {
            throw Self.refusal(exceeded, now: now)
        }
        guard var response = stored else { throw gone }
        response.refusals = refusals + response.refusals
        response.rejected = response.refusals.map(\.id)
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
            guard (result.answer?.utf8.count ?? 0) <= QuizFlow.answerLimit else {
                throw APIError.badRequest("'results[\(index)].answer' must be at most \(QuizFlow.answerLimit) bytes.")
            }
            guard (result.given?.utf8.count ?? 0) <= QuizFlow.answerLimit else {
                throw APIError.badRequest("'results[\(index)].given' must be at most \(QuizFlow.answerLimit) bytes.")
            }
            if let order = result.optionOrder {
                let options = 0..<UploadedResult.maxOptions
                guard order.count <= options.count, order.allSatisfy(options.contains), Set(order).count == order.count
                else {
                    throw APIError.badRequest("'results[\(index)].optionOrder' must list at most \(options.count) "
                                              + "distinct option indices, each 0 to \(options.count - 1).")
                }
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
