import BrainyKit
import Foundation
import GRDB

extension AppDatabase: AccountRepository {
    static let guestId = "guest"

    public func user(id: String) throws(StoreError) -> User? {
        try plainRows("SELECT * FROM user WHERE id = ?", [id]).first.map { UserRecord(row: $0).user }
    }

    public func user(email: String) throws(StoreError) -> User? {
        try read(checkingSignIn: false) { db in
            try UserRecord.filter(UserRecord.Columns.email == email.lowercased()).fetchOne(db)?.user
        }
    }

    public func guestUser(now: Date) throws(StoreError) -> User {
        try write(checkingSignIn: false) { db in
            if let existing = try UserRecord.fetchOne(db, key: Self.guestId) { return existing.user }
            var record = UserRecord(User(id: Self.guestId, email: nil, displayName: "guest", provider: .guest,
                                         createdAt: now), hintCredits: CreditLedger.startingCredits)
            try record.insert(db)
            try Self.grantStartingCredits(db, userId: record.id, at: now)
            return record.user
        }
    }

    public func createEmailUser(email: String, passwordHash: String, now: Date) throws(StoreError) -> User {
        let address = email.lowercased()
        return try write(checkingSignIn: false) { db in
            if try UserRecord.filter(UserRecord.Columns.email == address).fetchCount(db) > 0 {
                throw StoreError.emailTaken(address)
            }
            let name = String(address.split(separator: "@").first ?? Substring(address))
            var record = UserRecord(User(id: UUID().uuidString.lowercased(), email: address, displayName: name,
                                         provider: .email, createdAt: now), hintCredits: CreditLedger.startingCredits)
            try record.insert(db)
            try Self.grantStartingCredits(db, userId: record.id, at: now)
            try db.execute(sql: "INSERT INTO credential (userId, passwordHash) VALUES (?, ?)",
                           arguments: [record.id, passwordHash])
            return record.user
        }
    }

    public func passwordHash(userId: String) throws(StoreError) -> String? {
        try read(checkingSignIn: false) { db in
            try String.fetchOne(db, sql: "SELECT passwordHash FROM credential WHERE userId = ?", arguments: [userId])
        }
    }

    public func recordFailedLogin(userId: String, now: Date, maxAttempts: Int, lockout: TimeInterval)
        throws(StoreError) -> User {
        try write(checkingSignIn: false) { db in
            guard var record = try UserRecord.fetchOne(db, key: userId) else { throw StoreError.unknownUser(userId) }
            record.failedLoginAttempts += 1
            if record.failedLoginAttempts >= maxAttempts {
                record.lockedUntil = now.addingTimeInterval(lockout)
                record.failedLoginAttempts = 0
            }
            try record.update(db)
            return record.user
        }
    }

    public func recordSuccessfulLogin(userId: String, now: Date) throws(StoreError) {
        try write(checkingSignIn: false) { db in
            try db.execute(sql: """
                UPDATE user SET failedLoginAttempts = 0, lockedUntil = NULL, lastLoginAt = ? WHERE id = ?
                """, arguments: [now, userId])
        }
    }

    public func startSession(userId: String, now: Date, timeout: TimeInterval, remembered: Bool)
        throws(StoreError) -> AuthSession {
        let id = UUID().uuidString.lowercased()
        // Held before it is written: no start in another shell can find it unheld and take it for one left behind.
        if !remembered { _ = try claims.claim(Self.claimName(ofSession: id)) }
        let session: AuthSession
        do {
            session = try write(checkingSignIn: false) { db in
                try db.execute(sql: "UPDATE authSession SET endedAt = ? WHERE endedAt IS NULL", arguments: [now])
                var record = AuthSessionRecord(id: id, userId: userId, createdAt: now,
                                               expiresAt: now.addingTimeInterval(timeout), endedAt: nil,
                                               remembered: remembered)
                try record.insert(db)
                return record.session
            }
        } catch {
            claims.release(Self.claimName(ofSession: id))
            throw error
        }
        releaseSessionClaims(but: id)
        writingSession.set(session.userId)
        return session
    }

    public func adoptSession(_ session: AuthSession) {
        writingSession.set(session.userId)
    }

    public func currentSession() throws(StoreError) -> AuthSession? {
        try plainRows("SELECT * FROM authSession WHERE endedAt IS NULL ORDER BY createdAt DESC LIMIT 1")
            .first.map { AuthSessionRecord(row: $0).session }
    }

    /// Ends the device's sign-in as this shell's user, or, when the shell has none (an expired one found at start),
    /// the device's: never another player's sign-in made since in another shell (which ended this shell's).
    public func endSession() throws(StoreError) {
        let mine = writingSession.current
        try write(checkingSignIn: false) { db in
            if let mine {
                try db.execute(sql: "UPDATE authSession SET endedAt = createdAt WHERE endedAt IS NULL AND userId = ?",
                               arguments: [mine])
            } else {
                try db.execute(sql: "UPDATE authSession SET endedAt = createdAt WHERE endedAt IS NULL")
            }
        }
        releaseSessionClaims(but: nil)
        writingSession.set(nil)
    }

    /// The sum of the account's credit events on this device (`CreditLedger.balance`).
    public func hintCredits(userId: String) throws(StoreError) -> Int {
        CreditLedger.balance(sum: try creditSum(userId: userId))
    }

    /// The sum of the account's credit events that count (`creditSumSQL`), on the plain connection when there is one.
    func creditSum(userId: String) throws(StoreError) -> Int {
        try plainRows(Self.creditSumSQL, [userId]).first.flatMap { $0[0] as Int? } ?? 0
    }

    @discardableResult
    public func recordHint(userId: String, quizId: String, position: Int, removed: [Int]) throws(StoreError) -> Bool {
        try write { db in
            // The balance is read in the transaction that spends: two shells on this file that both saw the last
            // credit spend it once. (Two devices spending it offline both count: their uses arrive by sync.)
            guard CreditLedger.balance(sum: try Self.creditSum(db, userId: userId)) > 0 else { return false }
            let at = try Date.fetchOne(db, sql: "SELECT lastModified FROM quiz WHERE id = ?", arguments: [quizId])
            try Self.insertCreditEvent(db, userId: userId, CreditEvent(
                id: UUID().uuidString.lowercased(), kind: .use, amount: -1, ref: quizId, occurredAt: at ?? Date()))
            try db.execute(sql: "INSERT OR REPLACE INTO quizHint (quizId, position, removed) VALUES (?, ?, ?)",
                           arguments: [quizId, position, removed.map(String.init).joined(separator: ",")])
            return true
        }
    }
}
