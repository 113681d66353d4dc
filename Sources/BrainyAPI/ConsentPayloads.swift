import BrainyKit
import Foundation

// The terms of use and the privacy policy an account accepts: which versions the server asks for, and accepting them
// after a sign-in that says some are still to be accepted (`AuthResponse.consentRequired`).

/// `GET /v1/auth/consent`: the documents this server asks every account to accept, their current versions and texts.
public struct ConsentDocumentsResponse: Codable, Equatable, Sendable {
    public var documents: [ConsentDocument]
    public init(documents: [ConsentDocument]) { self.documents = documents }
}

/// `POST /v1/auth/consent`: the versions the signed-in account accepts; each must be one the server asks for now.
public struct ConsentRequest: Codable, Equatable, Sendable {
    public var consents: [ConsentVersion]
    public init(consents: [ConsentVersion]) { self.consents = consents }
}

/// What `POST /v1/auth/consent` leaves to accept: empty once the account has accepted every current version.
public struct ConsentResponse: Codable, Equatable, Sendable {
    public var consentRequired: [ConsentVersion]
    public init(consentRequired: [ConsentVersion]) { self.consentRequired = consentRequired }
}

extension API {
    /// The current documents, for the shell (to show them) and for any client (to send their versions at register).
    public static let consentDocuments = APIOperation<Empty, ConsentDocumentsResponse>(APIRoute(.get, .auth, "consent"))
    /// Records the signed-in account's acceptance; allowed while some are still to be accepted (every other signed-in
    /// operation is refused 403 `consent_required` then).
    public static let acceptConsent = APIOperation<ConsentRequest, ConsentResponse>(
        APIRoute(.post, .auth, "consent"), needsAccessToken: true, allowsPendingConsent: true)
    /// Declines them after a first sign-in: deletes the signed-in account, its sign-ins with it, when it has never
    /// accepted any version and holds no data (the account a first social sign-in made before asking); refuses 409
    /// `account_in_use` otherwise, and the client then only ends its sign-in.
    public static let declineConsent = APIOperation<Empty, Empty>(
        APIRoute(.post, .auth, "consent/decline"), needsAccessToken: true, allowsPendingConsent: true)
}
