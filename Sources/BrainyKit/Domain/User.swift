import Foundation

/// How a user signed in. Kakao and Naver sign in only through the browser (brainy-server's pages); Google and Apple
/// through the browser or a device flow.
public enum AuthProvider: String, Codable, Sendable, CaseIterable {
    case guest, email, google, apple, kakao, naver

    public var name: Localized {
        switch self {
        case .guest: Localized(ko: "게스트", en: "guest")
        case .email: Localized(ko: "이메일", en: "email")
        case .google: .same("Google")
        case .apple: .same("Apple")
        case .kakao: Localized(ko: "카카오", en: "Kakao")
        case .naver: Localized(ko: "네이버", en: "Naver")
        }
    }
}

/// A person who plays.
public struct User: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var email: String?
    public var displayName: String
    public var provider: AuthProvider
    public var createdAt: Date
    public var lastLoginAt: Date?
    public var failedLoginAttempts: Int
    public var lockedUntil: Date?

    public init(
        id: String, email: String?, displayName: String, provider: AuthProvider, createdAt: Date,
        lastLoginAt: Date? = nil, failedLoginAttempts: Int = 0, lockedUntil: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.provider = provider
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.failedLoginAttempts = failedLoginAttempts
        self.lockedUntil = lockedUntil
    }

    public func isLocked(at now: Date) -> Bool {
        if let lockedUntil { return lockedUntil > now }
        return false
    }

    /// The name to show for the account (the prompt, the sign-in's words, `profile`): its email, unless that is a
    /// placeholder, else its display name. A server gives an account whose provider vouched for no address (Naver's)
    /// one that cannot receive mail, under the reserved `.invalid` top-level domain (RFC 2606), which means nothing
    /// to the person.
    public var shownName: String {
        guard let email, !email.isEmpty, !Self.isPlaceholder(email: email) else { return displayName }
        return email
    }

    /// Whether `address` lies under the `.invalid` top-level domain (RFC 2606 §2), which no mail reaches.
    public static func isPlaceholder(email address: String) -> Bool {
        guard let at = address.lastIndex(of: "@") else { return false }
        var domain = address[address.index(after: at)...].lowercased()
        while domain.hasSuffix(".") { domain.removeLast() }
        return domain == "invalid" || domain.hasSuffix(".invalid")
    }
}

/// A signed-in session on this device.
public struct AuthSession: Codable, Equatable, Sendable {
    public var id: String
    public var userId: String
    public var createdAt: Date
    public var expiresAt: Date
    /// Whether this computer keeps the sign-in ("remember me"). One it does not keep ends when its shell leaves, and
    /// a start that finds it left behind (its shell was killed) ends it instead of signing it back in.
    public var remembered: Bool

    public init(id: String, userId: String, createdAt: Date, expiresAt: Date, remembered: Bool = true) {
        self.id = id
        self.userId = userId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.remembered = remembered
    }

    public func isExpired(at now: Date) -> Bool { now >= expiresAt }
}
