import Foundation

/// An ad token as the server recorded it when it served the ad.
struct IssuedAdToken: Equatable, Sendable {
    var claims: AdTokenClaims
    var expiresAt: Date
    /// When a completion redeemed it; nil while unused.
    var redeemedAt: Date?
}
