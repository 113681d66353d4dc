import Hummingbird

/// Holds back the answer to a refused request (429 rate-limited, 423 locked) for `delay`: a client that floods
/// the server gets each refusal only after that long, so a handful of connections cannot make it refuse thousands of
/// requests a second, and other clients keep the CPU. The wait costs no CPU; `sleep` is injected (tests record it).
struct RefusalDelayMiddleware<Context: RequestContext>: RouterMiddleware {
    let delay: Duration
    let sleep: @Sendable (Duration) async -> Void

    static var refusals: Set<HTTPResponse.Status> { [.tooManyRequests, .locked] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response {
        do {
            let response = try await next(request, context)
            if Self.refusals.contains(response.status) { await sleep(delay) }
            return response
        } catch let error as any HTTPResponseError where Self.refusals.contains(error.status) {
            await sleep(delay)
            throw error
        }
    }
}
