import BrainyAPI
import BrainyKit
import Foundation
import GRDB

/// The one owner of the server's SQLite database: holds the writer, runs the server's migrator, and implements the
/// storage protocols. Every method is one transaction. Unrelated to the shell's `AppDatabase`.
public struct ServerDatabase: Sendable {
    let writer: any DatabaseWriter

    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// An empty database in memory, for tests.
    public static func inMemory() throws -> ServerDatabase {
        try ServerDatabase(DatabaseQueue(configuration: configuration()))
    }

    /// Opens the file at `path` (WAL, many readers), creating it and its folder, readable by the owner only.
    public static func openFile(at path: String) throws -> ServerDatabase {
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        if !manager.fileExists(atPath: path) {
            _ = manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        return try ServerDatabase(DatabasePool(path: path, configuration: configuration()))
    }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = true
        return config
    }
}

extension ServerDatabase: SecretStore {
    public func legacySigningKey() async throws -> [UInt8]? {
        try await writer.read { db in
            try Data.fetchOne(db, sql: "SELECT key FROM signing_key WHERE id = 1").map { [UInt8]($0) }
        }
    }

    public func forgetLegacySigningKey() async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM signing_key") }
    }
}

extension ServerDatabase: AccountStore {
    static func account(_ row: Row) -> ServerAccount {
        ServerAccount(id: row["id"], email: row["email"], displayName: row["displayName"],
                      passwordHash: row["passwordHash"],
                      provider: AuthProvider(rawValue: row["provider"] ?? "email") ?? .email,
                      createdAt: row["createdAt"], failedLoginAttempts: row["failedLoginAttempts"],
                      lockedUntil: row["lockedUntil"])
    }

    public func account(email: String) async throws -> ServerAccount? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email]).map(Self.account)
        }
    }

    public func account(id: String) async throws -> ServerAccount? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id]).map(Self.account)
        }
    }

    public func createAccount(_ account: ServerAccount) async throws -> Bool {
        try await writer.write { db in try Self.insert(account, db: db) }
    }

    static func insert(_ account: ServerAccount, db: Database) throws -> Bool {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO account (id, email, displayName, passwordHash, provider, createdAt,
                                               failedLoginAttempts)
                VALUES (?, ?, ?, ?, ?, ?, 0)
                """,
            arguments: [account.id, account.email, account.displayName, account.passwordHash,
                        account.provider.rawValue, account.createdAt])
        return db.changesCount == 1
    }


    public func startLogin(accountId: String, login: String, token: NewRefreshToken) async throws {
        try await writer.write { db in
            try Self.insert(token, accountId: accountId, familyId: login, db: db)
        }
    }

    private static func insert(_ token: NewRefreshToken, accountId: String, familyId: String, db: Database) throws {
        try db.execute(
            sql: "INSERT INTO refresh_token (hash, accountId, familyId, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [token.hash, accountId, familyId, token.createdAt, token.expiresAt])
    }

    public func rotateRefreshToken(hash: String, replacement: NewRefreshToken, now: Date) async throws
        -> RefreshRotation {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM refresh_token WHERE hash = ?", arguments: [hash]),
                  row["revokedAt"] as Date? == nil
            else { return .unknown }
            let familyId: String = row["familyId"]
            if row["usedAt"] as Date? != nil {
                // A used token came back: someone holds a copy. End the whole login, wherever it is.
                try db.execute(sql: "UPDATE refresh_token SET revokedAt = ? WHERE familyId = ? AND revokedAt IS NULL",
                               arguments: [now, familyId])
                return .reused
            }
            let expiresAt: Date = row["expiresAt"]
            if expiresAt <= now { return .expired }
            try db.execute(sql: "UPDATE refresh_token SET usedAt = ? WHERE hash = ?", arguments: [now, hash])
            let accountId: String = row["accountId"]
            try Self.insert(replacement, accountId: accountId, familyId: familyId, db: db)
            return .rotated(userId: accountId, login: familyId)
        }
    }

    public func endLogin(containing hash: String, now: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE refresh_token SET revokedAt = ?
                    WHERE revokedAt IS NULL AND familyId = (SELECT familyId FROM refresh_token WHERE hash = ?)
                    """,
                arguments: [now, hash])
        }
    }
}

extension ServerDatabase: ResultStore {
    public func storeResults(_ results: [CheckedResult], quizzes: [UploadedQuiz], userId: String, receivedAt: Date)
        async throws -> ResultUploadResponse? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)", arguments: [userId])
                == true
            else { return nil }
            var acceptedQuizzes: [String] = []
            var accepted: [String] = []
            var refusals: [ResultRefusal] = []
            // Prepared once per batch; the owner is read only for an id that was already there.
            let insertQuiz = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO quiz (id, accountId, category, type, format, correctCount, questionCount,
                                            startedAt, finishedAt, receivedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let quizOwner = try db.cachedStatement(sql: "SELECT accountId FROM quiz WHERE id = ?")
            for quiz in quizzes {
                try insertQuiz.execute(arguments: [
                    quiz.id, userId, quiz.category.rawValue, quiz.type.rawValue, quiz.format.rawValue,
                    quiz.correctCount, quiz.questionCount, quiz.startedAt, quiz.finishedAt, receivedAt])
                let owned = try db.changesCount > 0 || String.fetchOne(quizOwner, arguments: [quiz.id]) == userId
                if owned {
                    acceptedQuizzes.append(quiz.id)
                } else {
                    refusals.append(ResultRefusal(id: quiz.id, reason: .idTaken))
                }
            }
            let insertResult = try db.cachedStatement(sql: """
                INSERT INTO result (id, accountId, quizId, questionId, category, type, outcome,
                                    timeSpent, answeredAt, hintUsed, receivedAt, ranked)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let resultOwner = try db.cachedStatement(sql: "SELECT accountId FROM result WHERE id = ?")
            let keepFirstAnswer = try db.cachedStatement(sql: Self.keepFirstAnswer)
            for checked in results {
                let result = checked.result
                if let owner = try String.fetchOne(resultOwner, arguments: [result.id]) {
                    // Sent before: held already (the batch is idempotent), or another account's.
                    if owner == userId {
                        accepted.append(result.id)
                    } else {
                        refusals.append(ResultRefusal(id: result.id, reason: .idTaken))
                    }
                    continue
                }
                if let owner = try String.fetchOne(quizOwner, arguments: [result.quizId]), owner != userId {
                    refusals.append(ResultRefusal(id: result.id, reason: .notYourQuiz))
                    continue
                }
                // Formatted once (a DateFormatter) for both statements.
                let answeredAt = result.answeredAt.databaseValue
                try insertResult.execute(arguments: [
                    result.id, userId, result.quizId, result.questionId, result.category.rawValue,
                    result.type.rawValue, result.outcome.rawValue, result.timeSpent, answeredAt,
                    result.hintUsed, receivedAt, checked.ranked])
                if checked.ranked {
                    try keepFirstAnswer.execute(arguments: [
                        answeredAt, userId, result.questionId, result.id, answeredAt, result.outcome.rawValue])
                }
                accepted.append(result.id)
            }
            return ResultUploadResponse(accepted: accepted, acceptedQuizzes: acceptedQuizzes,
                                        rejected: refusals.map(\.id), refusals: refusals)
        }
    }

    public func resultSummary(accountId: String) async throws -> ResultSummaryResponse {
        try await writer.read { db in
            let results = try Row.fetchOne(db, sql: """
                SELECT count(*) AS results, coalesce(sum(outcome = 'correct'), 0) AS correct,
                       max(answeredAt) AS lastAnsweredAt
                FROM result WHERE accountId = ?
                """, arguments: [accountId])
            let quizzes = try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz WHERE accountId = ?",
                                           arguments: [accountId]) ?? 0
            return ResultSummaryResponse(results: results?["results"] ?? 0, correct: results?["correct"] ?? 0,
                                         quizzes: quizzes, lastAnsweredAt: results?["lastAnsweredAt"])
        }
    }

    public func dailyScores(on day: Date) async throws -> [DailyScore] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT f.accountId, a.displayName,
                           SUM(f.outcome = 'correct') AS correct, SUM(f.outcome <> 'skipped') AS answered
                    FROM first_answer f JOIN account a ON a.id = f.accountId
                    WHERE f.day = ?
                    GROUP BY f.accountId
                    ORDER BY f.accountId
                    """,
                arguments: [UTCDay.number(of: day)]
            ).map { row in
                DailyScore(userId: row["accountId"], displayName: row["displayName"], correct: row["correct"],
                           answered: row["answered"])
            }
        }
    }

    public func questionTallies() async throws -> [QuestionTally] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT questionId, SUM(outcome = 'correct') AS correct, COUNT(*) AS answered FROM result GROUP BY questionId
                """).map { QuestionTally(questionId: $0["questionId"], correct: $0["correct"], answered: $0["answered"]) }
        }
    }
}
