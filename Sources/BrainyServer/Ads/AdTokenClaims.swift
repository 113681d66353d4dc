import BrainyKit
import Foundation
import JWTKit

/// What an ad token vouches for: this ad was served to this account for this placement at this time, under a
/// nonce the server recorded so that the token is redeemed once.
struct AdTokenClaims: JWTPayload, Equatable {
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

    /// Nothing to check in the claims alone: the server recorded the token when it served the ad, and its record
    /// (expiry, whether it was redeemed) decides whether it still counts.
    func verify(using _: some JWTAlgorithm) throws {}
}
