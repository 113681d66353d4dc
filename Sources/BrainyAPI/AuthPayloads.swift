import BrainyKit
import Foundation

// Request and response bodies of brainy-server's /v1/auth endpoints, shared with clients. Plain Codable values:
// no networking here.

/// `POST /v1/auth/check-email`.
public struct CheckEmailRequest: Codable, Equatable, Sendable {
    public var email: String
    public init(email: String) { self.email = email }
}

/// Whether an email address can still be registered.
public struct CheckEmailResponse: Codable, Equatable, Sendable {
    public var available: Bool
    public init(available: Bool) { self.available = available }
}

/// `POST /v1/auth/register`: the account's email and password, and the versions of the terms of use and the privacy
/// policy the person was shown and accepted (`GET /v1/auth/consent` serves the current ones). Without every current
/// version the server refuses (400 `consent_required`) and makes no account.
public struct RegisterRequest: Codable, Equatable, Sendable {
    public var email: String
    public var password: String
    public var consents: [ConsentVersion]
    public init(email: String, password: String, consents: [ConsentVersion]) {
        self.email = email
        self.password = password
        self.consents = consents
    }

    /// A body without `consents` decodes (as none accepted), so that it is refused as `consent_required`, naming the
    /// versions to accept, rather than as a malformed body.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        email = try container.decode(String.self, forKey: .email)
        password = try container.decode(String.self, forKey: .password)
        consents = try container.decodeIfPresent([ConsentVersion].self, forKey: .consents) ?? []
    }
}

/// `POST /v1/auth/login`.
public struct CredentialsRequest: Codable, Equatable, Sendable {
    public var email: String
    public var password: String
    /// With login: the device cookie this device was given at its last sign-in to this account, if any.
    public var deviceCookie: String?
    public init(email: String, password: String, deviceCookie: String? = nil) {
        self.email = email
        self.password = password
        self.deviceCookie = deviceCookie
    }
}

/// `POST /v1/auth/refresh` and `POST /v1/auth/logout`.
public struct RefreshRequest: Codable, Equatable, Sendable {
    public var refreshToken: String
    public init(refreshToken: String) { self.refreshToken = refreshToken }
}

/// What a successful register, login or refresh returns: a short-lived access token (a JWT to send as
/// `Authorization: Bearer`) and a refresh token that can be used once.
public struct AuthResponse: Codable, Equatable, Sendable {
    public var user: AccountPayload
    public var accessToken: String
    public var refreshToken: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    /// With register and login: this device's cookie for the account, to send with its next login (failed guesses
    /// from elsewhere never keep a device that has one out).
    public var deviceCookie: String?
    /// The current versions of the terms and the privacy policy this account has not accepted (empty when none):
    /// until it accepts them (`POST /v1/auth/consent`), every other signed-in operation is refused 403
    /// `consent_required`. An older server sends none.
    public var consentRequired: [ConsentVersion]
    public init(user: AccountPayload, accessToken: String, refreshToken: String, expiresIn: Int,
                deviceCookie: String? = nil, consentRequired: [ConsentVersion] = []) {
        self.user = user
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.deviceCookie = deviceCookie
        self.consentRequired = consentRequired
    }

    enum CodingKeys: String, CodingKey {
        case user, accessToken, refreshToken, expiresIn, deviceCookie, consentRequired
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = try container.decode(AccountPayload.self, forKey: .user)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
        deviceCookie = try container.decodeIfPresent(String.self, forKey: .deviceCookie)
        consentRequired = try container.decodeIfPresent([ConsentVersion].self, forKey: .consentRequired) ?? []
    }
}

/// The body of every 4xx and 5xx answer: `{"error": {"code": "...", "message": "..."}}`.
public struct APIErrorResponse: Codable, Equatable, Sendable, Error {
    public struct Detail: Codable, Equatable, Sendable {
        /// A stable machine-readable code, e.g. `invalid_credentials`, `account_locked`.
        public var code: String
        /// An English sentence for people.
        public var message: String
        /// With `account_locked`: when the account opens again.
        public var lockedUntil: Date?
        /// With `invalid_credentials`: failed sign-ins left before the account is locked.
        public var remainingAttempts: Int?
        /// With `consent_required`: the current versions still to be accepted.
        public var consentRequired: [ConsentVersion]?
        public init(code: String, message: String, lockedUntil: Date? = nil, remainingAttempts: Int? = nil,
                    consentRequired: [ConsentVersion]? = nil) {
            self.code = code
            self.message = message
            self.lockedUntil = lockedUntil
            self.remainingAttempts = remainingAttempts
            self.consentRequired = consentRequired
        }
    }

    public var error: Detail
    public init(code: String, message: String, lockedUntil: Date? = nil, remainingAttempts: Int? = nil,
                consentRequired: [ConsentVersion]? = nil) {
        error = Detail(code: code, message: message, lockedUntil: lockedUntil, remainingAttempts: remainingAttempts,
                       consentRequired: consentRequired)
    }
}
