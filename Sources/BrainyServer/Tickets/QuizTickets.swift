import Foundation
import JWTKit

/// Signs and checks quiz tickets: JWTs (HS256, by jwt-kit) of `QuizTicketClaims`, under a key derived from the
/// server's signing key for this one use, so that a ticket never passes for an access or ad token or the reverse.
struct QuizTickets: Sendable {
    private let key: HMACKey

    static let maxLength = 4_096

    init(signingKey: [UInt8]) {
        key = .derived(from: signingKey, for: "quiz-ticket")
    }

    func sign(_ claims: QuizTicketClaims) async throws -> String {
        try await JWTKeyCollection.hs256(key).sign(claims)
    }

    /// The claims of a ticket this server signed; nil for anything else (malformed, altered, forged).
    func verify(_ token: String) async -> QuizTicketClaims? {
        guard token.utf8.count <= Self.maxLength else { return nil }
        return try? await JWTKeyCollection.hs256(key).verify(token, as: QuizTicketClaims.self)
    }
}
