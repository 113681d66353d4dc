import BrainyKit
import Foundation
import GRDB

extension AppDatabase: SyncRepository {
    public func pendingBatch(userId: String, limit: Int, after cursor: SyncCursor) throws(StoreError) -> PendingBatch {
        try read { db in
            var next = cursor
            var results: [UploadedResult] = []
            let resultRows = try Row.fetchCursor(db, sql: """
                SELECT rowid, id, quizId, questionId, category, type, outcome, timeSpent, answeredAt, hintUsed, answerText,
                       givenAnswer,
                       (SELECT json_extract(CAST(quiz.dealt AS TEXT), '$[' || quizResult.position || '].optionOrder')
                        FROM quiz WHERE quiz.id = quizResult.quizId) AS optionOrder
                FROM quizResult WHERE userId = ? AND needsSync = 1 AND rowid > ? ORDER BY rowid LIMIT ?
                """, arguments: [userId, cursor.result, limit])
            while let row = try resultRows.next() {
                next.result = row["rowid"]
                guard let category = QuizCategory(rawValue: row["category"]), let type = QuizType(rawValue: row["type"]),
                      let outcome = AnswerOutcome(rawValue: row["outcome"]) else { continue }
                results.append(UploadedResult(
                    id: row["id"], quizId: row["quizId"], questionId: row["questionId"], category: category, type: type,
                    outcome: outcome, timeSpent: row["timeSpent"], answeredAt: row["answeredAt"],
                    hintUsed: row["hintUsed"], answer: row["answerText"], given: row["givenAnswer"],
                    optionOrder: Self.optionOrder(row["optionOrder"])))
            }
            // A quiz travels once it is over, so that the server keeps its final score.
            var quizzes: [UploadedQuiz] = []
            let quizRows = try Row.fetchCursor(db, sql: """
                SELECT rowid, id, category, type, format, correctCount, questionCount, startedAt, finishedAt, stage
                FROM quiz WHERE userId = ? AND needsSync = 1 AND status <> 'in_progress' AND rowid > ?
                ORDER BY rowid LIMIT ?
                """, arguments: [userId, cursor.quiz, max(1, limit / 5)])
            while let row = try quizRows.next() {
                next.quiz = row["rowid"]
                guard let category = QuizCategory(rawValue: row["category"]), let type = QuizType(rawValue: row["type"]),
                      let format = QuizFormat(rawValue: row["format"]) else { continue }
                quizzes.append(UploadedQuiz(
                    id: row["id"], category: category, type: type, format: format, correctCount: row["correctCount"],
                    questionCount: row["questionCount"], startedAt: row["startedAt"], finishedAt: row["finishedAt"],
                    stage: format == .stage ? row["stage"] : nil))
            }
            quizzes = try Self.withTickets(quizzes, db)
            return PendingBatch(results: results, quizzes: quizzes, next: next)
        }
    }

    /// A dealt question's option order as SQLite's `json_extract` gives it ("[2,0,1,3]"); nil for none (a question
    /// without options) or anything else.
    static func optionOrder(_ json: String?) -> [Int]? {
        guard let json, json.first == "[", json.last == "]" else { return nil }
        let items = json.dropFirst().dropLast().split(separator: ",")
        let order = items.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return order.isEmpty || order.count != items.count ? nil : order
    }

    public func markSynced(resultIds: [String], quizIds: [String], uploadedAt: Date, now: Date) throws(StoreError) {
        guard !resultIds.isEmpty || !quizIds.isEmpty else { return }
        // The times are turned into database values once, not once a row.
        let stamp = now.databaseValue
        let cutoff = uploadedAt.databaseValue
        try write { db in
            let result = try db.makeStatement(sql: "UPDATE quizResult SET needsSync = 0, syncedAt = ? WHERE id = ?")
            for id in resultIds { try result.execute(arguments: [stamp, id]) }
            // A quiz changed after it was read for upload is sent again next time.
            let quiz = try db.makeStatement(
                sql: "UPDATE quiz SET needsSync = 0, syncedAt = ? WHERE id = ? AND lastModified <= ?")
            for id in quizIds { try quiz.execute(arguments: [stamp, id, cutoff]) }
        }
    }

    public func remoteTokens(userId: String) throws(StoreError) -> RemoteTokens? {
        guard let text = try syncValue("tokens:\(userId)") else { return nil }
        return try? JSONDecoder().decode(RemoteTokens.self, from: Data(text.utf8))
    }

    public func saveRemoteTokens(_ tokens: RemoteTokens?, userId: String) throws(StoreError) {
        let text = tokens.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        // A sign-in's (or sign-out's) own write: it goes on when this shell's sign-in was ended elsewhere.
        try setSyncValue(text, for: "tokens:\(userId)", checkingSignIn: false)
    }

    public func syncValue(_ key: String) throws(StoreError) -> String? {
        try plainRows("SELECT value FROM syncState WHERE key = ?", [key]).first.flatMap { $0[0] }
    }

    public func setSyncValue(_ value: String?, for key: String) throws(StoreError) {
        try setSyncValue(value, for: key, checkingSignIn: true)
    }

    private func setSyncValue(_ value: String?, for key: String, checkingSignIn: Bool) throws(StoreError) {
        try write(checkingSignIn: checkingSignIn) { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO syncState (key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM syncState WHERE key = ?", arguments: [key])
            }
        }
    }

    public func cachedConfig() throws(StoreError) -> (config: RemoteConfig, fetchedAt: Date)? {
        let row = try read { db in try Row.fetchOne(db, sql: "SELECT body, fetchedAt FROM remoteConfig WHERE id = 1") }
        guard let row, let config = try? JSONDecoder().decode(RemoteConfig.self, from: row["body"] as Data) else {
            return nil
        }
        return (config, row["fetchedAt"])
    }

    public func saveCachedConfig(_ config: RemoteConfig, now: Date) throws(StoreError) {
        guard let body = try? JSONEncoder().encode(config) else { return }
        try write { db in
            try db.execute(sql: """
                INSERT INTO remoteConfig (id, version, body, fetchedAt) VALUES (1, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET version = excluded.version, body = excluded.body,
                  fetchedAt = excluded.fetchedAt
                """, arguments: [config.version, body, now])
        }
    }

    public func cachedLeaderboard(userId: String) throws(StoreError) -> (board: LeaderboardResponse, fetchedAt: Date)? {
        let row = try read { db in
            try Row.fetchOne(db, sql: """
                SELECT body, fetchedAt FROM leaderboardCache WHERE day LIKE ? ESCAPE '\\' ORDER BY fetchedAt DESC LIMIT 1
                """, arguments: [Self.likePattern(userId) + "|%"])
        }
        guard let row, let board = try? Self.apiDecoder.decode(LeaderboardResponse.self, from: row["body"] as Data) else {
            return nil
        }
        return (board, row["fetchedAt"])
    }

    public func saveLeaderboard(_ board: LeaderboardResponse, userId: String, now: Date) throws(StoreError) {
        guard let body = try? Self.apiEncoder.encode(board) else { return }
        try write { db in
            // One row per user and day: the newest fetch of that day replaces the older one.
            try db.execute(sql: """
                INSERT INTO leaderboardCache (day, body, fetchedAt) VALUES (?, ?, ?)
                ON CONFLICT(day) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt
                """, arguments: ["\(userId)|\(board.date)", body, now])
        }
    }

    public func adoptRemoteAccount(_ account: AccountPayload, now: Date) throws(StoreError) -> User {
        try write(checkingSignIn: false) { db in
            let email = account.email?.lowercased()
            if var existing = try UserRecord.fetchOne(db, key: account.id) {
                existing.email = email
                existing.displayName = account.displayName
                existing.provider = account.provider.rawValue
                existing.lastLoginAt = now
                try existing.update(db)
                return existing.user
            }
            // An account made on this device before a server was used: its play moves to the server's id.
            let local = try email.flatMap { try UserRecord.filter(UserRecord.Columns.email == $0).fetchOne(db) }
            if let local { try db.execute(sql: "UPDATE user SET email = NULL WHERE id = ?", arguments: [local.id]) }
            var record = UserRecord(
                User(id: account.id, email: email, displayName: account.displayName, provider: account.provider,
                     createdAt: now, lastLoginAt: now),
                hintCredits: CreditLedger.startingCredits)
            try record.insert(db)
            try Self.grantStartingCredits(db, userId: account.id, at: now)
            if let local {
                try Self.moveHistory(db, from: local.id, to: account.id)
                // Its credits follow, but for its starting ones: the account has its own.
                try db.execute(sql: "UPDATE creditEvent SET userId = ? WHERE userId = ? AND kind != 'start'",
                               arguments: [account.id, local.id])
                try db.execute(sql: """
                    INSERT OR IGNORE INTO setting (userId, key, value, changedAt)
                    SELECT ?, key, value, changedAt FROM setting WHERE userId = ?
                    """, arguments: [account.id, local.id])
                try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [local.id])
            }
            return record.user
        }
    }

    public func quizCount(userId: String) throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz WHERE userId = ?", arguments: [userId]) ?? 0 }
    }

    public func quizzesInProgress(userId: String) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz WHERE userId = ? AND status = 'in_progress'",
                             arguments: [userId]) ?? 0
        }
    }

    public func resultCount(userId: String) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quizResult WHERE userId = ?", arguments: [userId]) ?? 0
        }
    }

    public func moveHistory(from source: String, to target: String) throws(StoreError) {
        guard source != target else { return }
        try write { db in try Self.moveHistory(db, from: source, to: target) }
    }

    /// Re-keys one user's play to another in the caller's transaction: progress merges (the higher stage, the sum of
    /// totals, the union of solved questions and play days) and everything moved waits to be synced.
    static func moveHistory(_ db: Database, from source: String, to target: String) throws {
        let both: StatementArguments = [target, source]
        try db.execute(sql: "UPDATE quiz SET userId = ?, needsSync = 1 WHERE userId = ?", arguments: both)
        try db.execute(sql: "UPDATE quizResult SET userId = ?, needsSync = 1 WHERE userId = ?", arguments: both)
        try db.execute(sql: """
            INSERT INTO solvedQuestion (userId, category, questionId, firstAnsweredAt)
            SELECT ?, category, questionId, firstAnsweredAt FROM solvedQuestion WHERE userId = ? AND true
            ON CONFLICT DO UPDATE SET firstAnsweredAt = min(firstAnsweredAt, excluded.firstAnsweredAt)
            """, arguments: both)
        try db.execute(sql: """
            INSERT INTO stageProgress (userId, category, type, highestCleared, updatedAt)
            SELECT ?, category, type, highestCleared, updatedAt FROM stageProgress WHERE userId = ? AND true
            ON CONFLICT DO UPDATE SET highestCleared = max(highestCleared, excluded.highestCleared),
              updatedAt = max(updatedAt, excluded.updatedAt)
            """, arguments: both)
        try db.execute(sql: """
            INSERT INTO categoryTotal (userId, category, quizzes, answered, correct, timeSpent, lastPlayedAt)
            SELECT ?, category, quizzes, answered, correct, timeSpent, lastPlayedAt FROM categoryTotal
            WHERE userId = ? AND true
            ON CONFLICT DO UPDATE SET quizzes = quizzes + excluded.quizzes, answered = answered + excluded.answered,
              correct = correct + excluded.correct, timeSpent = timeSpent + excluded.timeSpent,
              lastPlayedAt = max(coalesce(lastPlayedAt, excluded.lastPlayedAt), coalesce(excluded.lastPlayedAt, lastPlayedAt))
            """, arguments: both)
        try db.execute(sql: "INSERT OR IGNORE INTO playDay (userId, day) SELECT ?, day FROM playDay WHERE userId = ?",
                       arguments: both)
        try db.execute(sql: """
            INSERT INTO typeTotal (userId, type, quizzes, answered, correct, timeSpent)
            SELECT ?, type, quizzes, answered, correct, timeSpent FROM typeTotal WHERE userId = ? AND true
            ON CONFLICT DO UPDATE SET quizzes = quizzes + excluded.quizzes, answered = answered + excluded.answered,
              correct = correct + excluded.correct, timeSpent = timeSpent + excluded.timeSpent
            """, arguments: both)
        // The rating that learnt from more answers stands; both count.
        try db.execute(sql: """
            INSERT INTO playerRating (userId, category, value, answers, updatedAt)
            SELECT ?, category, value, answers, updatedAt FROM playerRating WHERE userId = ? AND true
            ON CONFLICT DO UPDATE SET value = CASE WHEN excluded.answers > answers THEN excluded.value ELSE value END,
              answers = answers + excluded.answers, updatedAt = max(updatedAt, excluded.updatedAt)
            """, arguments: both)
        try db.execute(sql: "UPDATE OR IGNORE ratingHistory SET userId = ? WHERE userId = ?", arguments: both)
        for table in ["solvedQuestion", "stageProgress", "categoryTotal", "typeTotal", "playDay", "playerRating",
                      "ratingHistory"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE userId = ?", arguments: [source])
        }
    }

    private static func likePattern(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    static let apiEncoder = APICoding.encoder()
    static let apiDecoder = APICoding.decoder()
}
