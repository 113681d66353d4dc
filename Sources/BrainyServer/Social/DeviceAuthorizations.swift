import BrainyKit
import Foundation

/// The development identity provider's pending device authorizations (RFC 8628), as a value: each event is a
/// mutating func named for what happened, returning what the caller must do. Authorizations past their expiry are
/// dropped as events come in, so the table stays small.
struct DeviceAuthorizations: Sendable {
    struct Authorization: Equatable, Sendable {
        var provider: AuthProvider
        var clientId: String
        var deviceCode: String
        var userCode: String
        var expiresAt: Date
        var decision: Decision
    }

    enum Decision: Equatable, Sendable {
        case undecided
        case approved(email: String)
        case denied
    }

    /// Seconds a pair of codes stays valid.
    static let lifetime: TimeInterval = 600

    private var byDeviceCode: [String: Authorization] = [:]
    /// Expired authorizations are kept a little longer so that a late poll hears `expired_token`, not `invalid_grant`.
    private static let grace: TimeInterval = 600

    var count: Int { byDeviceCode.count }

    /// A device asked for codes. False when `userCode` is already in use (the caller draws another).
    mutating func requested(provider: AuthProvider, clientId: String, deviceCode: String, userCode: String,
                            now: Date) -> Bool {
        forgetExpired(now: now)
        guard authorization(userCode: userCode) == nil, byDeviceCode[deviceCode] == nil else { return false }
        byDeviceCode[deviceCode] = Authorization(
            provider: provider, clientId: clientId, deviceCode: deviceCode, userCode: userCode,
            expiresAt: now.addingTimeInterval(Self.lifetime), decision: .undecided)
        return true
    }

    enum PollAction: Equatable, Sendable {
        case keepWaiting
        case expired
        case denied
        /// Issue an ID token for `email`; the device code is now used up.
        case issueToken(email: String)
        /// No such device code for this provider and client (or already used).
        case unknownCode
    }

    /// The device polled the token endpoint.
    mutating func polled(provider: AuthProvider, clientId: String, deviceCode: String, now: Date) -> PollAction {
        forgetExpired(now: now)
        guard let authorization = byDeviceCode[deviceCode], authorization.provider == provider,
              authorization.clientId == clientId
        else { return .unknownCode }
        if authorization.expiresAt <= now { return .expired }
        switch authorization.decision {
        case .undecided:
            return .keepWaiting
        case .denied:
            byDeviceCode[deviceCode] = nil
            return .denied
        case let .approved(email):
            byDeviceCode[deviceCode] = nil
            return .issueToken(email: email)
        }
    }

    enum DecisionAction: Equatable, Sendable {
        case approved(AuthProvider)
        case denied(AuthProvider)
        case unknownCode
        case expired
    }

    /// The person at the approval page approved (with the demo account's email) or denied the code they were shown.
    mutating func decided(userCode: String, approvedEmail email: String?, now: Date) -> DecisionAction {
        forgetExpired(now: now)
        guard var authorization = authorization(userCode: userCode), authorization.decision == .undecided else {
            return .unknownCode
        }
        if authorization.expiresAt <= now { return .expired }
        authorization.decision = email.map { .approved(email: $0) } ?? .denied
        byDeviceCode[authorization.deviceCode] = authorization
        return email == nil ? .denied(authorization.provider) : .approved(authorization.provider)
    }

    /// The undecided-or-not authorization whose user code matches, ignoring case and the dash.
    func authorization(userCode: String) -> Authorization? {
        let wanted = Self.normalized(userCode)
        return byDeviceCode.values.first { Self.normalized($0.userCode) == wanted }
    }

    static func normalized(_ userCode: String) -> String {
        String(userCode.uppercased().filter { $0.isLetter })
    }

    private mutating func forgetExpired(now: Date) {
        byDeviceCode = byDeviceCode.filter { $0.value.expiresAt.addingTimeInterval(Self.grace) > now }
    }
}
