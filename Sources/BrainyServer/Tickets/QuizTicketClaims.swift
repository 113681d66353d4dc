import BrainyKit
import Foundation
import JWTKit

/// What a signed quiz ticket vouches for: the server dealt these questions, in this order, with this seed, to this
/// account, at `iat`, for play until `exp`.
struct QuizTicketClaims: JWTPayload, Equatable {
    var id: String
    var userId: String
    var seed: UInt64
    var category: QuizCategory
    var type: QuizType
    var questionIds: [String]
    /// Seconds since 1970.
    var issuedAt: Int
    var expiresAt: Int

    enum CodingKeys: String, CodingKey {
        case id = "jti"
        case userId = "sub"
        case seed
        case category = "cat"
        case type
        case questionIds = "q"
        case issuedAt = "iat"
        case expiresAt = "exp"
    }

    var issueDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
    var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }

    /// Nothing to check in the claims alone: expiry is judged against the server's (injected) clock by the caller,
    /// and whether the ticket was dealt and is still unused by the server's record of it.
    func verify(using _: some JWTAlgorithm) throws {}
}
