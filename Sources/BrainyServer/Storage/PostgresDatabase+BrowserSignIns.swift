import BrainyAPI
import Foundation
import PostgresNIO

extension PostgresDatabase: BrowserSignInStore {
    static let browserSignInMigration = Migration(id: "v19-browser-sign-in", statements: [
        """
        CREATE TABLE browser_sign_in (
            session_key TEXT PRIMARY KEY,
            user_code TEXT NOT NULL,
            user_code_key TEXT NOT NULL UNIQUE,
            provider TEXT NOT NULL,
            origin TEXT NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL,
            polled_at TIMESTAMPTZ,
            state TEXT UNIQUE,
            nonce TEXT,
            code_verifier TEXT,
            state_used BOOLEAN NOT NULL DEFAULT false,
            outcome TEXT NOT NULL,
            detail TEXT
        )
        """,
        "CREATE INDEX browser_sign_in_on_expires_at ON browser_sign_in (expires_at)",
    ])

    func addBrowserSignIn(_ session: BrowserSignIn, now: Date) async throws -> Bool {
        try await transaction { connection in
            try await forgetBrowserSignIns(now: now, on: connection)
            let stored = session.outcome.stored
            let inserted = try await connection.rows("""
                INSERT INTO browser_sign_in
                    (session_key, user_code, user_code_key, provider, origin, expires_at, outcome, detail)
                VALUES (\(session.sessionKey), \(session.userCode), \(BrowserSignIn.normalized(session.userCode)),
                        \(session.provider.rawValue), \(session.origin), \(session.expiresAt), \(stored.outcome),
                        \(stored.detail))
                ON CONFLICT DO NOTHING RETURNING session_key
                """, logger: logger)
            return !inserted.isEmpty
        }
    }

    func browserSignIn(userCode: String, now: Date) async throws -> BrowserSignIn? {
        try await rows("""
            SELECT * FROM browser_sign_in
            WHERE user_code_key = \(BrowserSignIn.normalized(userCode))
              AND expires_at > \(BrowserSignIn.forgottenExpiry(at: now))
            """).first.flatMap(Self.browserSignIn)
    }

    func beginBrowserSignIn(userCode: String, authorization: BrowserSignIn.Authorization, now: Date) async throws
        -> BrowserSignIn.BeginAction? {
        try await transaction { connection in
            try await forgetBrowserSignIns(now: now, on: connection)
            guard var session = try await connection.rows("""
                SELECT * FROM browser_sign_in WHERE user_code_key = \(BrowserSignIn.normalized(userCode)) FOR UPDATE
                """, logger: logger).first.flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.begin(authorization, now: now)
            try await save(session, on: connection)
            return action
        }
    }

    func browserSignInCallback(state: String, now: Date) async throws -> BrowserSignIn.CallbackAction? {
        try await transaction { connection in
            try await forgetBrowserSignIns(now: now, on: connection)
            // Locked until the transaction ends: a second callback with the state waits, then finds it used.
            guard var session = try await connection.rows(
                "SELECT * FROM browser_sign_in WHERE state = \(state) FOR UPDATE", logger: logger
            ).first.flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.calledBack(now: now)
            try await save(session, on: connection)
            return action
        }
    }

    func finishBrowserSignIn(sessionKey: String, outcome: BrowserSignIn.Outcome, now: Date) async throws {
        let stored = outcome.stored
        try await transaction { connection in
            try await connection.run("""
                UPDATE browser_sign_in SET outcome = \(stored.outcome), detail = \(stored.detail)
                WHERE session_key = \(sessionKey) AND outcome = 'pending'
                """, logger: logger)
        }
    }

    func pollBrowserSignIn(sessionKey: String, now: Date) async throws -> BrowserSignIn.PollAction? {
        try await transaction { connection in
            try await forgetBrowserSignIns(now: now, on: connection)
            guard var session = try await connection.rows(
                "SELECT * FROM browser_sign_in WHERE session_key = \(sessionKey) FOR UPDATE", logger: logger
            ).first.flatMap(Self.browserSignIn)
            else { return nil }
            let action = session.polled(now: now)
            if action.usesUpSession {
                try await connection.run("DELETE FROM browser_sign_in WHERE session_key = \(sessionKey)",
                                         logger: logger)
            } else {
                try await save(session, on: connection)
            }
            return action
        }
    }

    private func save(_ session: BrowserSignIn, on connection: PostgresConnection) async throws {
        let stored = session.outcome.stored
        let authorization = session.authorization
        try await connection.run("""
            UPDATE browser_sign_in SET polled_at = \(session.polledAt), state = \(authorization?.state),
                nonce = \(authorization?.nonce), code_verifier = \(authorization?.codeVerifier),
                state_used = \(authorization?.used ?? false), outcome = \(stored.outcome), detail = \(stored.detail)
            WHERE session_key = \(session.sessionKey)
            """, logger: logger)
    }

    private static func browserSignIn(_ row: PostgresRandomAccessRow) throws -> BrowserSignIn? {
        guard let provider = BrowserSignInProvider(rawValue: try row.value("provider")) else { return nil }
        let authorization: BrowserSignIn.Authorization?
        if let state = try row.value("state", as: String?.self), let nonce = try row.value("nonce", as: String?.self),
           let verifier = try row.value("code_verifier", as: String?.self) {
            authorization = BrowserSignIn.Authorization(state: state, nonce: nonce, codeVerifier: verifier,
                                                        used: try row.value("state_used"))
        } else {
            authorization = nil
        }
        return BrowserSignIn(
            sessionKey: try row.value("session_key"), userCode: try row.value("user_code"), provider: provider,
            origin: try row.value("origin"), expiresAt: try row.value("expires_at"),
            polledAt: try row.value("polled_at"), authorization: authorization,
            outcome: .init(stored: try row.value("outcome"), detail: try row.value("detail")))
    }

    private func forgetBrowserSignIns(now: Date, on connection: PostgresConnection) async throws {
        try await connection.run(
            "DELETE FROM browser_sign_in WHERE expires_at <= \(BrowserSignIn.forgottenExpiry(at: now))",
            logger: logger)
    }
}
