import BrainyKit
import Foundation
import GRDB

struct UserRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "user"

    var id: String
    var email: String?
    var displayName: String
    var provider: String
    var createdAt: Date
    var lastLoginAt: Date?
    var failedLoginAttempts: Int
    var lockedUntil: Date?
    var hintCredits: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let email = Column(CodingKeys.email)
        static let provider = Column(CodingKeys.provider)
        static let hintCredits = Column(CodingKeys.hintCredits)
    }

    init(_ user: User, hintCredits: Int) {
        id = user.id
        email = user.email
        displayName = user.displayName
        provider = user.provider.rawValue
        createdAt = user.createdAt
        lastLoginAt = user.lastLoginAt
        failedLoginAttempts = user.failedLoginAttempts
        lockedUntil = user.lockedUntil
        self.hintCredits = hintCredits
    }

    /// Read by hand: start-up reads users and sessions, and Decodable costs more there than the query.
    init(row: Row) {
        id = row["id"]
        email = row["email"]
        displayName = row["displayName"]
        provider = row["provider"]
        createdAt = row.storedDate("createdAt")
        lastLoginAt = row.storedDateIfAny("lastLoginAt")
        failedLoginAttempts = row["failedLoginAttempts"]
        lockedUntil = row.storedDateIfAny("lockedUntil")
        hintCredits = row["hintCredits"]
    }

    var user: User {
        User(id: id, email: email, displayName: displayName, provider: AuthProvider(rawValue: provider) ?? .guest,
             createdAt: createdAt, lastLoginAt: lastLoginAt, failedLoginAttempts: failedLoginAttempts,
             lockedUntil: lockedUntil)
    }
}

struct AuthSessionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "authSession"

    var id: String
    var userId: String
    var createdAt: Date
    var expiresAt: Date
    var endedAt: Date?
    var remembered: Bool

    init(id: String, userId: String, createdAt: Date, expiresAt: Date, endedAt: Date?, remembered: Bool = true) {
        self.id = id
        self.userId = userId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.endedAt = endedAt
        self.remembered = remembered
    }

    init(row: Row) {
        id = row["id"]
        userId = row["userId"]
        createdAt = row.storedDate("createdAt")
        expiresAt = row.storedDate("expiresAt")
        endedAt = row.storedDateIfAny("endedAt")
        remembered = row["remembered"] ?? true
    }

    var session: AuthSession {
        AuthSession(id: id, userId: userId, createdAt: createdAt, expiresAt: expiresAt, remembered: remembered)
    }
}
