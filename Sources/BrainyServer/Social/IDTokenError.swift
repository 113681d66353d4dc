/// Why a provider's ID token was refused. Each case says what was wrong in words a client developer can act on; the
/// sign-in endpoint turns it into a 401 `invalid_id_token` (or a 503 when the provider's keys could not be fetched).
enum IDTokenError: Error, Equatable, Sendable {
    case malformed(String)
    case unsupportedAlgorithm(String)
    case unknownKey(String?)
    case badSignature
    case wrongIssuer(String)
    case wrongAudience
    case expired
    case notYetValid
    case missingSubject
    /// The server was asked to verify an ID token from a provider that issues none (guest, email).
    case noIDTokens(String)
    /// The provider's published keys could not be fetched or read: not the client's fault.
    case keysUnavailable(String)

    var message: String {
        switch self {
        case let .malformed(reason):
            "The ID token is malformed: \(reason)."
        case let .unsupportedAlgorithm(alg):
            "The ID token is signed with '\(alg.prefix(20))'; only RS256 is accepted."
        case let .unknownKey(kid):
            "The ID token names a signing key (kid '\(kid?.prefix(80) ?? "none")') the provider does not publish."
        case .badSignature:
            "The ID token's signature does not match the provider's key."
        case let .wrongIssuer(issuer):
            "The ID token was issued by '\(issuer.prefix(100))', not by this provider."
        case .wrongAudience:
            "The ID token was issued for another client (its audience is not this server's client id)."
        case .expired:
            "The ID token has expired. Sign in with the provider again."
        case .notYetValid:
            "The ID token is not valid yet (its iat or nbf is in the future). Check the device's clock."
        case .missingSubject:
            "The ID token has no subject ('sub')."
        case let .noIDTokens(provider):
            "\(provider) sign-in has no ID tokens; send a Google or Apple one."
        case let .keysUnavailable(reason):
            "The provider's signing keys could not be fetched (\(reason)). Try again in a moment."
        }
    }
}

extension IDTokenError {
    /// Why a provider's claims could not be read, naming the claim: one its type requires is missing or null, or one
    /// is not of the kind the type expects. (A missing subject keeps its own case.)
    init(unreadable error: DecodingError) {
        switch error {
        case let .keyNotFound(key, _) where key.stringValue == "sub":
            self = .missingSubject
        case let .valueNotFound(_, context) where context.codingPath.first?.stringValue == "sub":
            self = .missingSubject
        case let .keyNotFound(key, _):
            self = .malformed("there is no '\(key.stringValue.prefix(40))' claim")
        case let .valueNotFound(_, context), let .typeMismatch(_, context), let .dataCorrupted(context):
            if let claim = context.codingPath.first?.stringValue {
                self = .malformed("the '\(claim.prefix(40))' claim is not what the provider's token type expects")
            } else {
                self = .malformed("the payload is not base64url-encoded JSON claims")
            }
        @unknown default:
            self = .malformed("the payload is not base64url-encoded JSON claims")
        }
    }
}
