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
        routes.on(API.declineConsent, use: decline)
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

    /// Deletes the signed-in account, its sign-ins with it, only when it has never accepted any version and holds no
    /// data (checked and deleted in one transaction): what a first social sign-in made before its terms were asked.
    /// Any other account is kept, 409 `account_in_use`: a decline then only ends the sign-in (the client's logout).
    @Sendable func decline(_: Empty, _ request: Request, context: ServerRequestContext) async throws
        -> HTTPResponse.Status {
        guard let accountId = context.userId else { throw APIError.unauthorized }
        guard try await consents.store.deleteUnusedAccount(accountId: accountId) else {
            throw APIError(.conflict, "account_in_use",
                           "This account is kept: it has accepted the terms of use or the privacy policy before, or holds data. Sign out (POST /v1/auth/logout) to end this sign-in.")
        }
        return .noContent
    }
}

extension ConsentDocumentsResponse: ResponseEncodable {}
extension ConsentResponse: ResponseEncodable {}
