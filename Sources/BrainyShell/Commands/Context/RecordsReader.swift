import BrainyAPI
import BrainyKit
import Foundation

/// The player's records as the records commands read them: reads only (the store's writes are not reachable here).
struct RecordsReader {
    private let store: any BrainyRepository

    init(_ store: any BrainyRepository) { self.store = store }

    func user(id: String) throws(StoreError) -> User? { try store.user(id: id) }
    func currentSession() throws(StoreError) -> AuthSession? { try store.currentSession() }
    func packSummary() throws(StoreError) -> PackSummary { try store.packSummary() }
    func questions(ids: [String]) throws(StoreError) -> [Question] { try store.questions(ids: ids) }

    func history(userId: String, filter: HistoryFilter) throws(StoreError) -> (quizzes: [Quiz], hasMore: Bool) {
        try store.history(userId: userId, filter: filter)
    }

    func quiz(idOrPrefix: String, userId: String) throws(StoreError) -> (Quiz, [AnswerRecord])? {
        try store.quiz(idOrPrefix: idOrPrefix, userId: userId)
    }

    func recentQuizIds(userId: String, limit: Int) throws(StoreError) -> [String] {
        try store.recentQuizIds(userId: userId, limit: limit)
    }

    func stats(userId: String, now: Date, timeZone: TimeZone) throws(StoreError) -> UserStats {
        try store.stats(userId: userId, now: now, timeZone: timeZone)
    }

    func playerRatings(userId: String) throws(StoreError) -> [QuizCategory: Rating] { try store.playerRatings(userId: userId) }

    func ratingHistory(userId: String, category: QuizCategory, limit: Int) throws(StoreError) -> [Rating] {
        try store.ratingHistory(userId: userId, category: category, limit: limit)
    }

    func pendingSyncCount(userId: String) throws(StoreError) -> Int { try store.pendingSyncCount(userId: userId) }
    func resultCount(userId: String) throws(StoreError) -> Int { try store.resultCount(userId: userId) }
    func quizCount(userId: String) throws(StoreError) -> Int { try store.quizCount(userId: userId) }
    func quizzesInProgress(userId: String) throws(StoreError) -> Int { try store.quizzesInProgress(userId: userId) }

    /// A value kept for the device (the last sync's time).
    func syncValue(_ key: String) throws(StoreError) -> String? { try store.syncValue(key) }

    func cachedLeaderboard(userId: String) throws(StoreError) -> (board: LeaderboardResponse, fetchedAt: Date)? {
        try store.cachedLeaderboard(userId: userId)
    }

    /// What the server held for the player at the last sync.
    func serverHolds(userId: String) -> ResultSummaryResponse? { SyncEngine.serverHolds(userId: userId, in: store) }
}
