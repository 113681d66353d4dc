import BrainyKit
import Foundation

/// One device authorization of the development identity provider (RFC 8628) and the rules its events follow. A
/// `DeviceAuthorizationStore` keeps them in the database, so that a device may ask one instance for codes, the
/// person approve on another, and the device poll a third.
struct DeviceAuthorization: Equatable, Sendable {
    var provider: AuthProvider
    var clientId: String
    var deviceCode: String
    var userCode: String
    var expiresAt: Date
    var decision: Decision

    enum Decision: Equatable, Sendable {
        case undecided
        case approved(email: String)
        case denied
    }

    /// Seconds a pair of codes stays valid.
    static let lifetime: TimeInterval = 600
    /// Expired authorizations are kept a little longer so that a late poll hears `expired_token`, not `invalid_grant`.
    static let grace: TimeInterval = 600

    /// New codes, undecided, from `now`.
    init(provider: AuthProvider, clientId: String, deviceCode: String, userCode: String, now: Date) {
        self.init(provider: provider, clientId: clientId, deviceCode: deviceCode, userCode: userCode,
                  expiresAt: now.addingTimeInterval(Self.lifetime), decision: .undecided)
    }

    init(provider: AuthProvider, clientId: String, deviceCode: String, userCode: String, expiresAt: Date,
         decision: Decision) {
        self.provider = provider
        self.clientId = clientId
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.expiresAt = expiresAt
        self.decision = decision
    }

    /// At `now`, the authorizations that expired at or before this are forgotten.
    static func forgottenExpiry(at now: Date) -> Date { now.addingTimeInterval(-grace) }

    /// The user code as kept for look-ups: a person may type it in any case, with or without the dash.
    static func normalized(_ userCode: String) -> String {
        String(userCode.uppercased().filter { $0.isLetter })
    }

    enum PollAction: Equatable, Sendable {
        case keepWaiting
        case expired
        case denied
        /// Issue an ID token for `email`; the device code is now used up.
        case issueToken(email: String)
        /// No such device code for this provider and client (or already used).
        case unknownCode

        /// Whether the code is used up: the store forgets it, and a second poll hears `unknownCode`.
        var usesUpCode: Bool {
            switch self {
            case .denied, .issueToken: true
            case .keepWaiting, .expired, .unknownCode: false
            }
        }
    }

    /// The device polled the token endpoint as `provider`'s `clientId`.
    func polled(provider: AuthProvider, clientId: String, now: Date) -> PollAction {
        guard self.provider == provider, self.clientId == clientId else { return .unknownCode }
        if expiresAt <= now { return .expired }
        switch decision {
        case .undecided: return .keepWaiting
        case .denied: return .denied
        case let .approved(email): return .issueToken(email: email)
        }
    }

    enum DecisionAction: Equatable, Sendable {
        case approved(AuthProvider)
        case denied(AuthProvider)
        case unknownCode
        case expired
    }

    /// The person at the approval page approved (with the demo account's email) or denied the code they were shown.
    mutating func decided(approvedEmail email: String?, now: Date) -> DecisionAction {
        guard decision == .undecided else { return .unknownCode }
        if expiresAt <= now { return .expired }
        decision = email.map { .approved(email: $0) } ?? .denied
        return email == nil ? .denied(provider) : .approved(provider)
    }
}

extension DeviceAuthorization.Decision {
    /// How a row keeps it: `decision` and `email`.
    var stored: (decision: String, email: String?) {
        switch self {
        case .undecided: ("undecided", nil)
        case let .approved(email): ("approved", email)
        case .denied: ("denied", nil)
        }
    }

    init(stored decision: String, email: String?) {
        switch (decision, email) {
        case let ("approved", email?): self = .approved(email: email)
        case ("denied", _): self = .denied
        default: self = .undecided
        }
    }
}
