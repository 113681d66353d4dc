import BrainyKit
import Foundation
import GRDB

extension AppDatabase: QuizRepository {
    public func saveNewQuiz(_ quiz: Quiz) throws(StoreError) {
        // Claimed before it is written: a shell that has drawn the same id (the same --seed) finds it taken, at the
        // claim or at the insert, and draws another.
        guard try claims.claim(quiz.id) else { throw .quizIdTaken(quiz.id) }
        do {
            try write { db in
                var record = try QuizRecord(quiz, modifiedAt: quiz.startedAt)
                do {
                    try record.insert(db)
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
                    throw StoreError.quizIdTaken(quiz.id)
                }
            }
        } catch {
            claims.release(quiz.id)
            throw error
        }
    }

    /// Stores an answer. Only the shell that holds the quiz writes to it, and an answer is never dropped in silence:
    /// the same answer stored already (a retry) is kept once, a different one is refused with `.answerConflict`.
    public func saveAnswer(_ record: AnswerRecord, progress: Quiz, timeZone: TimeZone) throws(StoreError) {
        guard claims.holds(record.quizId) else { throw .quizHeldElsewhere(quizId: record.quizId) }
        try write { db in
            var result = QuizResultRecord(record)
            do {
                try result.insert(db)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                // Idempotent by (quiz, position): a retry after a failed finish does not count the answer twice.
                let stored = try QuizResultRecord
                    .filter(QuizResultRecord.Columns.quizId == record.quizId)
                    .filter(QuizResultRecord.Columns.position == record.position)
                    .fetchOne(db)
                guard let stored, stored.givenAnswer == result.givenAnswer, stored.outcome == result.outcome else {
                    throw StoreError.answerConflict(quizId: record.quizId, position: record.position)
                }
                return
            }
            try db.execute(sql: """
                UPDATE quiz SET answeredCount = ?, correctCount = ?, duration = ?, lastModified = ?, needsSync = 1
                WHERE id = ?
                """, arguments: [progress.answeredCount, progress.correctCount, progress.duration, record.answeredAt,
                                 progress.id])
            // A skipped question counts as not right in the stats, but stays unsolved for `start unsolved`.
            if record.outcome != .skipped {
                try db.execute(sql: """
                    INSERT OR IGNORE INTO solvedQuestion (userId, category, questionId, firstAnsweredAt) VALUES (?, ?, ?, ?)
                    """, arguments: [record.userId, record.category.rawValue, record.questionId, record.answeredAt])
            }
            try db.execute(sql: """
                INSERT INTO categoryTotal (userId, category, answered, correct, timeSpent, lastPlayedAt)
                VALUES (?, ?, 1, ?, ?, ?)
                ON CONFLICT(userId, category) DO UPDATE SET answered = answered + 1,
                  correct = correct + excluded.correct, timeSpent = timeSpent + excluded.timeSpent,
                  lastPlayedAt = excluded.lastPlayedAt
                """, arguments: [record.userId, record.category.rawValue, record.isCorrect ? 1 : 0, record.timeSpent,
                                 record.answeredAt])
            let day = StreakCalculator.dayNumber(of: record.answeredAt, timeZone: timeZone)
            try db.execute(sql: "INSERT OR IGNORE INTO playDay (userId, day) VALUES (?, ?)",
                           arguments: [record.userId, day])
            try db.execute(sql: """
                INSERT INTO typeTotal (userId, type, answered, correct, timeSpent) VALUES (?, ?, 1, ?, ?)
                ON CONFLICT(userId, type) DO UPDATE SET answered = answered + 1, correct = correct + excluded.correct,
                  timeSpent = timeSpent + excluded.timeSpent
                """, arguments: [record.userId, record.type.rawValue, record.isCorrect ? 1 : 0, record.timeSpent])
            try Self.learn(from: record, in: db)
        }
    }

    public func finishQuiz(_ quiz: Quiz, stagePassed: Bool?, earnedHint: Bool) throws(StoreError) {
        guard claims.holds(quiz.id) else { throw .quizHeldElsewhere(quizId: quiz.id) }
        try write { db in
            let finishedAt = quiz.finishedAt ?? quiz.startedAt
            try db.execute(sql: """
                UPDATE quiz SET status = ?, finishedAt = ?, correctCount = ?, answeredCount = ?, duration = ?,
                  lastModified = ?, needsSync = 1
                WHERE id = ?
                """, arguments: [QuizStatus.finished.rawValue, finishedAt, quiz.correctCount, quiz.answeredCount,
                                 quiz.duration, finishedAt, quiz.id])
            try db.execute(sql: """
                INSERT INTO categoryTotal (userId, category, quizzes) VALUES (?, ?, 1)
                ON CONFLICT(userId, category) DO UPDATE SET quizzes = quizzes + 1
                """, arguments: [quiz.userId, quiz.category.rawValue])
            try db.execute(sql: """
                INSERT INTO typeTotal (userId, type, quizzes) VALUES (?, ?, 1)
                ON CONFLICT(userId, type) DO UPDATE SET quizzes = quizzes + 1
                """, arguments: [quiz.userId, quiz.type.rawValue])
            if stagePassed == true, let stage = quiz.stage {
                try db.execute(sql: """
                    INSERT INTO stageProgress (userId, category, type, highestCleared, updatedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(userId, category, type) DO UPDATE SET
                      highestCleared = max(highestCleared, excluded.highestCleared), updatedAt = excluded.updatedAt
                    """, arguments: [quiz.userId, quiz.category.rawValue, quiz.type.rawValue, stage, finishedAt])
            }
            if earnedHint {
                try Self.insertCreditEvent(db, userId: quiz.userId, CreditEvent(
                    id: CreditLedger.quizRewardId(quizId: quiz.id), kind: .quizReward, amount: 1, ref: quiz.id,
                    occurredAt: finishedAt))
            }
            try Self.noteRating(after: quiz, at: finishedAt, in: db)
        }
        claims.release(quiz.id)
        checkpoint()
    }

    /// Copies the write-ahead log into the database between quizzes, so that SQLite's automatic checkpoint (which
    /// runs inside a commit) rarely lands on an answer. Passive: it never waits for another shell.
    func checkpoint() {
        // Not into a file replaced under the shell, nor through one of several names.
        guard watch?.verdict() ?? .same == .same else { return }
        _ = try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") }
    }

    public func abandonQuiz(_ quiz: Quiz) throws(StoreError) {
        guard claims.holds(quiz.id) else { throw .quizHeldElsewhere(quizId: quiz.id) }
        try write { db in
            // Left before a single answer: nothing to keep.
            if quiz.answeredCount == 0 {
                try db.execute(sql: "DELETE FROM quiz WHERE id = ?", arguments: [quiz.id])
                return
            }
            try db.execute(sql: "UPDATE quiz SET status = ?, heldBy = NULL WHERE id = ?",
                           arguments: [QuizStatus.abandoned.rawValue, quiz.id])
            // An abandoned quiz is listed in history, so it counts in the stats too.
            try db.execute(sql: """
                INSERT INTO categoryTotal (userId, category, quizzes) VALUES (?, ?, 1)
                ON CONFLICT(userId, category) DO UPDATE SET quizzes = quizzes + 1
                """, arguments: [quiz.userId, quiz.category.rawValue])
            try db.execute(sql: """
                INSERT INTO typeTotal (userId, type, quizzes) VALUES (?, ?, 1)
                ON CONFLICT(userId, type) DO UPDATE SET quizzes = quizzes + 1
                """, arguments: [quiz.userId, quiz.type.rawValue])
        }
        claims.release(quiz.id)
    }

    public func claimQuiz(id: String) throws(StoreError) -> Bool {
        try claims.claim(id)
    }

    public func releaseQuiz(id: String) {
        claims.release(id)
    }

    public func interruptedQuiz(userId: String) throws(StoreError) -> InterruptedQuiz? {
        // Whether there is one at all, read as the start-up's other reads are (most starts have none).
        let inProgress = "SELECT 1 FROM quiz INDEXED BY quiz_in_progress WHERE userId = ? AND status = 'in_progress' LIMIT 1"
        if try plainRows(inProgress, [userId]).isEmpty { return nil }
        return try read { db in
            // The status is a literal so that the partial index quiz_in_progress serves the query.
            guard let record = try QuizRecord.fetchOne(db, sql: """
                SELECT * FROM quiz INDEXED BY quiz_in_progress
                WHERE userId = ? AND status = 'in_progress' ORDER BY startedAt DESC LIMIT 1
                """, arguments: [userId])
            else { return nil }
            var hints: [Int: [Int]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT position, removed FROM quizHint WHERE quizId = ?",
                                        arguments: [record.id]) {
                let removed: String = row["removed"]
                hints[row["position"]] = removed.split(separator: ",").compactMap { Int($0) }
            }
            return InterruptedQuiz(quiz: try record.quiz(), answers: try answers(db, quizId: record.id), hints: hints)
        }
    }

    private func answers(_ db: Database, quizId: String) throws -> [AnswerRecord] {
        try QuizResultRecord.filter(QuizResultRecord.Columns.quizId == quizId)
            .order(QuizResultRecord.Columns.position).fetchAll(db).map(\.answer)
    }

    public func highestClearedStage(userId: String, category: QuizCategory, type: QuizType) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT highestCleared FROM stageProgress WHERE userId = ? AND category = ? AND type = ?
                """, arguments: [userId, category.rawValue, type.rawValue]) ?? 0
        }
    }

    public func history(userId: String, filter: HistoryFilter) throws(StoreError) -> (quizzes: [Quiz], hasMore: Bool) {
        try read { db in
            var request = QuizRecord
                .filter(QuizRecord.Columns.userId == userId)
                .filter(QuizRecord.Columns.status != QuizStatus.inProgress.rawValue)
            if let category = filter.category { request = request.filter(QuizRecord.Columns.category == category.rawValue) }
            if let type = filter.type { request = request.filter(QuizRecord.Columns.type == type.rawValue) }
            if let from = filter.from { request = request.filter(QuizRecord.Columns.startedAt >= from) }
            if let until = filter.until { request = request.filter(QuizRecord.Columns.startedAt < until) }
            // One row past the limit tells whether there is more, without counting them all.
            let limit = filter.limit == Int.max ? Int.max : filter.limit + 1
            var quizzes = try request.order(QuizRecord.Columns.startedAt.desc).limit(limit).fetchAll(db)
            let more = quizzes.count > filter.limit
            if more { quizzes.removeLast() }
            return (try quizzes.map { try $0.quiz() }, more)
        }
    }

    public func quiz(idOrPrefix: String, userId: String) throws(StoreError) -> (Quiz, [AnswerRecord])? {
        try read { db in
            // A range on the primary key (LIKE would scan every quiz; the + keeps SQLite from preferring the
            // index on userId, which holds every quiz of this user).
            let prefix = idOrPrefix.lowercased()
            let matches = try QuizRecord.fetchAll(db, sql: """
                SELECT * FROM quiz WHERE id >= ? AND id < ? AND +userId = ? LIMIT 2
                """, arguments: [prefix, prefix + "\u{FFFF}", userId])
            guard matches.count == 1, let record = matches.first else { return nil }
            return (try record.quiz(), try answers(db, quizId: record.id))
        }
    }

    public func recentQuizIds(userId: String, limit: Int) throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT id FROM quiz WHERE userId = ? AND status != ? ORDER BY startedAt DESC LIMIT ?
                """, arguments: [userId, QuizStatus.inProgress.rawValue, limit])
        }
    }

    public func stats(userId: String, now: Date, timeZone: TimeZone) throws(StoreError) -> UserStats {
        try read { db in
            var perCategory = Dictionary(QuizCategory.allCases.map { ($0, CategoryStats(category: $0)) }, uniquingKeysWith: { first, _ in first })
            var lastPlayed: Date?
            for row in try Row.fetchAll(db, sql: "SELECT * FROM categoryTotal WHERE userId = ?", arguments: [userId]) {
                guard let category = QuizCategory(rawValue: row["category"]) else { continue }
                perCategory[category] = CategoryStats(category: category, quizzes: row["quizzes"], answered: row["answered"],
                                                      correct: row["correct"], timeSpent: row["timeSpent"])
                if let played: Date = row["lastPlayedAt"], played > (lastPlayed ?? .distantPast) { lastPlayed = played }
            }
            let days = try Int.fetchAll(db, sql: "SELECT day FROM playDay WHERE userId = ?", arguments: [userId])
            let streaks = StreakCalculator.streaks(
                playedDays: days, today: StreakCalculator.dayNumber(of: now, timeZone: timeZone))
            var perType: [QuizType: TypeStats] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM typeTotal WHERE userId = ?", arguments: [userId]) {
                guard let type = QuizType(rawValue: row["type"]) else { continue }
                perType[type] = TypeStats(type: type, quizzes: row["quizzes"], answered: row["answered"],
                                          correct: row["correct"], timeSpent: row["timeSpent"])
            }
            return UserStats(perCategory: QuizCategory.allCases.compactMap { perCategory[$0] },
                             perType: QuizType.allCases.compactMap { perType[$0] },
                             currentStreak: streaks.current, bestStreak: streaks.best, lastPlayedAt: lastPlayed)
        }
    }

    public func quizExists(id: String) throws(StoreError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM quiz WHERE id = ?", arguments: [id]) ?? false }
    }

    public func resetProgress(userId: String) throws(StoreError) {
        try write { db in
            for table in ["quiz", "quizResult", "solvedQuestion", "stageProgress", "categoryTotal", "typeTotal", "playDay", "playerRating",
                          "ratingHistory"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE userId = ?", arguments: [userId])
            }
            try db.execute(sql: "DELETE FROM creditEvent WHERE userId = ?", arguments: [userId])
            try Self.grantStartingCredits(db, userId: userId, at: Date())
        }
    }

    public func pendingSyncCount(userId: String) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quizResult WHERE userId = ? AND needsSync = 1",
                             arguments: [userId]) ?? 0
        }
    }
}
