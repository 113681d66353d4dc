import BrainyAPI
import Foundation
import GRDB

extension ServerDatabase: BrowserSignInStore {
    static func registerBrowserSignInMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22-browser-sign-in") { db in
            // Browser sign-in sessions: `sessionKey` is the SHA-256 of the id the shell keeps; `userCodeKey` the user
            // code as looked up; `state` the one-use value the provider brings back.
            try db.create(table: "browser_sign_in") { t in
                t.primaryKey("sessionKey", .text)
                t.column("userCode", .text).notNull()
                t.column("userCodeKey", .text).notNull().unique()
                t.column("provider", .text).notNull()
                t.column("origin", .text).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
                t.column("polledAt", .datetime)
                t.column("state", .text).unique()
                t.column("nonce", .text)
                t.column("codeVerifier", .text)
                t.column("stateUsed", .boolean).notNull().defaults(to: false)
                t.column("outcome", .text).notNull()
                t.column("detail", .text)
            }
        }
    }

    func addBrowserSignIn(_ session: BrowserSignIn, now: Date) async throws -> Bool {
        try await writer.write { db in
            try Self.forgetBrowserSignIns(now: now, db: db)
            let stored = session.outcome.stored
            try db.execute(sql: """
                INSERT OR IGNORE INTO browser_sign_in
                    (sessionKey, userCode, userCodeKey, provider, origin, expiresAt, outcome, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [session.sessionKey, session.userCode, BrowserSignIn.normalized(session.userCode),
                                 session.provider.rawValue, session.origin, session.expiresAt, stored.outcome,
                                 stored.detail])
            return db.changesCount == 1
        }
    }

    func browserSignIn(userCode: String, now: Date) async throws -> BrowserSignIn? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM browser_sign_in WHERE userCodeKey = ? AND expiresAt > ?",
                             arguments: [BrowserSignIn.normalized(userCode), BrowserSignIn.forgottenExpiry(at: now)])
                .flatMap(Self.browserSignIn)
        }
    }

    func beginBrowserSignIn(userCode: String, authorization: BrowserSignIn.Authorization, now: Date) async throws
        -> BrowserSignIn.BeginAction? {
        try await writer.write { db in
            try Self.forgetBrowserSignIns(now: now, db: db)
            guard var session = try Row.fetchOne(db, sql: "SELECT * FROM browser_sign_in WHERE userCodeKey = ?",
                                                 arguments: [BrowserSignIn.normalized(userCode)])
                .flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.begin(authorization, now: now)
            try Self.save(session, db: db)
            return action
        }
    }

    func browserSignInCallback(state: String, now: Date) async throws -> BrowserSignIn.CallbackAction? {
        try await writer.write { db in
            try Self.forgetBrowserSignIns(now: now, db: db)
            guard var session = try Row.fetchOne(db, sql: "SELECT * FROM browser_sign_in WHERE state = ?",
                                                 arguments: [state]).flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.calledBack(now: now)
            try Self.save(session, db: db)
            return action
        }
    }

    func finishBrowserSignIn(sessionKey: String, outcome: BrowserSignIn.Outcome, now: Date) async throws {
        try await writer.write { db in
            let stored = outcome.stored
            try db.execute(sql: """
                UPDATE browser_sign_in SET outcome = ?, detail = ? WHERE sessionKey = ? AND outcome = 'pending'
                """, arguments: [stored.outcome, stored.detail, sessionKey])
        }
    }

    func pollBrowserSignIn(sessionKey: String, now: Date) async throws -> BrowserSignIn.PollAction? {
        try await writer.write { db in
            try Self.forgetBrowserSignIns(now: now, db: db)
            guard var session = try Row.fetchOne(db, sql: "SELECT * FROM browser_sign_in WHERE sessionKey = ?",
                                                 arguments: [sessionKey]).flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.polled(now: now)
            if action.usesUpSession {
                try db.execute(sql: "DELETE FROM browser_sign_in WHERE sessionKey = ?", arguments: [sessionKey])
            } else {
                try Self.save(session, db: db)
            }
            return action
        }
    }

    private static func save(_ session: BrowserSignIn, db: Database) throws {
        let stored = session.outcome.stored
        try db.execute(sql: """
            UPDATE browser_sign_in SET polledAt = ?, state = ?, nonce = ?, codeVerifier = ?, stateUsed = ?,
                outcome = ?, detail = ?
            WHERE sessionKey = ?
            """, arguments: [session.polledAt, session.authorization?.state, session.authorization?.nonce,
                             session.authorization?.codeVerifier, session.authorization?.used ?? false,
                             stored.outcome, stored.detail, session.sessionKey])
    }

    private static func browserSignIn(_ row: Row) -> BrowserSignIn? {
        guard let provider = BrowserSignInProvider(rawValue: row["provider"]) else { return nil }
        let authorization: BrowserSignIn.Authorization?
        if let state: String = row["state"], let nonce: String = row["nonce"], let verifier: String = row["codeVerifier"] {
            authorization = BrowserSignIn.Authorization(state: state, nonce: nonce, codeVerifier: verifier,
                                                        used: row["stateUsed"])
        } else {
            authorization = nil
        }
        return BrowserSignIn(sessionKey: row["sessionKey"], userCode: row["userCode"], provider: provider,
                             origin: row["origin"], expiresAt: row["expiresAt"], polledAt: row["polledAt"],
                             authorization: authorization,
                             outcome: .init(stored: row["outcome"], detail: row["detail"]))
    }

    private static func forgetBrowserSignIns(now: Date, db: Database) throws {
        try db.execute(sql: "DELETE FROM browser_sign_in WHERE expiresAt <= ?",
                       arguments: [BrowserSignIn.forgottenExpiry(at: now)])
    }
}
