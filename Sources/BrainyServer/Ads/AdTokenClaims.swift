import BrainyKit
import Foundation

/// What an ad token vouches for: this ad was served to this account for this placement at this time, under a
/// nonce the server recorded so that the token is redeemed once.
struct AdTokenClaims: Codable, Equatable, Sendable {
    var adId: String
    var userId: String
    var placement: AdPlacement
    var nonce: String
    /// Seconds since 1970.
    var issuedAt: Int

    enum CodingKeys: String, CodingKey {
        case adId = "ad"
        case userId = "sub"
        case placement = "pl"
        case nonce = "n"
        case issuedAt = "iat"
    }

    var issueDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
}
