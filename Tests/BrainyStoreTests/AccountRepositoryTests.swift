import BrainyKit
import BrainyPasswords
import Foundation
import Testing
@testable import BrainyStore

@Suite struct AccountRepositoryTests {
    @Test func anEmailCanHoldOnlyOneAccount() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.createEmailUser(email: "Kim@Example.com", passwordHash: "h", now: Fixtures.start)
        #expect(throws: StoreError.emailTaken("kim@example.com")) {
            try database.createEmailUser(email: "kim@example.com", passwordHash: "h", now: Fixtures.start)
        }
        #expect(try database.user(email: "KIM@example.com")?.email == "kim@example.com")
    }

    @Test func theAccountLocksAfterTheMaximumOfFailedAttempts() throws {
        let database = try AppDatabase.inMemory()
        let user = try database.createEmailUser(email: "a@b.co", passwordHash: "h", now: Fixtures.start)
        var latest = user
        for _ in 0..<3 {
            latest = try database.recordFailedLogin(userId: user.id, now: Fixtures.start, maxAttempts: 3, lockout: 900)
        }
        #expect(latest.lockedUntil == Fixtures.start + 900)
        #expect(latest.isLocked(at: Fixtures.start + 899))
        #expect(!latest.isLocked(at: Fixtures.start + 901))
        try database.recordSuccessfulLogin(userId: user.id, now: Fixtures.start + 1000)
        #expect(try database.user(id: user.id)?.lockedUntil == nil)
    }

    @Test func startingASessionEndsTheOtherAndItExpires() throws {
        let database = try AppDatabase.inMemory()
        let guest = try database.guestUser(now: Fixtures.start)
        _ = try database.startSession(userId: guest.id, now: Fixtures.start, timeout: 60)
        let second = try database.startSession(userId: guest.id, now: Fixtures.start + 1, timeout: 60)
        #expect(try database.currentSession() == second)
        #expect(second.isExpired(at: Fixtures.start + 61))
        try database.endSession()
        #expect(try database.currentSession() == nil)
    }

    @Test func passwordsAreStoredAsScryptHashesAndVerified() throws {
        let hasher = ScryptPasswordHasher(rounds: 1 << 10)
        let hash = try hasher.hash("correct horse")
        #expect(hash.hasPrefix("scrypt$1024$8$1$"))
        #expect(!hash.contains("correct horse"))
        #expect(hasher.verify("correct horse", against: hash))
        #expect(!hasher.verify("correct horsE", against: hash))
        #expect(!hasher.verify("correct horse", against: "garbage"))
        #expect(try hasher.hash("correct horse") != hash, "each hash has its own salt")
    }
}
