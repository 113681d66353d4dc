import BrainyKit
import GRDB

/// A sign-in this computer was not to keep ("remember me" answered no): its session row says so, and the shell that
/// made it holds it, as a quiz in progress is held (a `QuizClaims` lock beside the database file, which the kernel
/// drops with the process). A start that finds it open ends it when nothing holds it any more (its shell was killed),
/// and leaves it alone while its shell still runs.
extension AppDatabase {
    static func registerRememberedSessionMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11-session-remembered") { db in
            // Every sign-in made before was kept on this computer.
            try db.alter(table: "authSession") { t in t.add(column: "remembered", .boolean).notNull().defaults(to: true) }
        }
    }

    /// The claim that holds a session not to be remembered (a name no quiz id takes: quiz ids are bare UUIDs).
    static func claimName(ofSession id: String) -> String { "sign-in-" + id }

    /// Lets go of the sessions this connection holds, but `kept`.
    func releaseSessionClaims(but kept: String?) {
        let keptName = kept.map(Self.claimName(ofSession:))
        claims.release { $0.hasPrefix("sign-in-") && $0 != keptName }
    }

    public func endLeftBehindSession(_ session: AuthSession) throws(StoreError) -> Bool {
        let name = Self.claimName(ofSession: session.id)
        guard try claims.claim(name) else { return false }
        defer { claims.release(name) }
        try write(checkingSignIn: false) { db in
            try db.execute(sql: "UPDATE authSession SET endedAt = createdAt WHERE id = ? AND endedAt IS NULL",
                           arguments: [session.id])
        }
        return true
    }
}
