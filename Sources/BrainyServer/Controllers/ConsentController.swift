import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// The terms of use and the privacy policy: their current texts and versions for anyone, and accepting them for a
/// signed-in account whose sign-in said some are still to be accepted.
struct ConsentController {
    let consents: ConsentGate
    let clock: any BrainyClock
    /// The bearer check, without its consent gate for accepting (`API.acceptConsent.allowsPendingConsent`).
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.consentDocuments, use: documents)
        routes.on(API.acceptConsent, use: accept)
        return routes.collection
    }

    @Sendable func documents(_: Empty, _ request: Request, context: ServerRequestContext) async throws
        -> ConsentDocumentsResponse {
        ConsentDocumentsResponse(documents: consents.documents)
    }

    /// Records the versions accepted, each of which must be current (an outdated or invented one is refused and
    /// nothing is recorded), and answers what is left to accept.
    @Sendable func accept(_ body: ConsentRequest, _ request: Request, context: ServerRequestContext) async throws
        -> ConsentResponse {
        guard let accountId = context.userId else { throw APIError.unauthorized }
        guard !body.consents.isEmpty else {
            throw APIError.badRequest("'consents' is empty: send the versions accepted (GET /v1/auth/consent serves them).")
        }
        try consents.checkCurrent(body.consents)
        try await consents.store.recordConsents(Array(Set(body.consents)).sorted(), accountId: accountId,
                                                at: clock.now())
        return ConsentResponse(consentRequired: try await consents.pending(accountId: accountId))
    }
}

extension ConsentDocumentsResponse: ResponseEncodable {}
extension ConsentResponse: ResponseEncodable {}
