import Foundation

/// The tokens of a sign-in on the server, kept on the device so that the shell works offline until they expire.
public struct RemoteTokens: Codable, Equatable, Sendable {
    public var server: String
    public var accessToken: String
    public var refreshToken: String
    public var accountId: String

    public init(server: String, accessToken: String, refreshToken: String, accountId: String) {
        self.server = server
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accountId = accountId
    }
}

/// The results and quiz summaries waiting to be uploaded, one batch at a time, and where the next batch starts.
public struct PendingBatch: Equatable, Sendable {
    public var results: [UploadedResult]
    public var quizzes: [UploadedQuiz]
    /// Pass to the next `pendingBatch` call: it goes on after this batch (refused items are not sent twice).
    public var next: SyncCursor

    public init(results: [UploadedResult], quizzes: [UploadedQuiz], next: SyncCursor) {
        self.results = results
        self.quizzes = quizzes
        self.next = next
    }

    public var isEmpty: Bool { results.isEmpty && quizzes.isEmpty }
}

/// Where a sync has got to in the pending results and quizzes (row order, oldest first).
public struct SyncCursor: Equatable, Sendable {
    public var result: Int64
    public var quiz: Int64
    public init(result: Int64 = 0, quiz: Int64 = 0) {
        self.result = result
        self.quiz = quiz
    }
}

/// What the device remembers about syncing: pending work, tokens, the fetched config and leaderboard.
public protocol SyncRepository: Sendable {
    /// Up to `limit` results and finished quizzes not yet acknowledged by the server, oldest first, after `cursor`.
    func pendingBatch(userId: String, limit: Int, after cursor: SyncCursor) throws(StoreError) -> PendingBatch
    /// Marks acknowledged results and quizzes as synced (a quiz changed since `uploadedAt` stays pending).
    func markSynced(resultIds: [String], quizIds: [String], uploadedAt: Date, now: Date) throws(StoreError)
    func remoteTokens(userId: String) throws(StoreError) -> RemoteTokens?
    func saveRemoteTokens(_ tokens: RemoteTokens?, userId: String) throws(StoreError)
    /// A value the device keeps about syncing ("lastSyncAt:<user>", "configETag", ...).
    func syncValue(_ key: String) throws(StoreError) -> String?
    func setSyncValue(_ value: String?, for key: String) throws(StoreError)
    /// The config last fetched from the server, with when.
    func cachedConfig() throws(StoreError) -> (config: RemoteConfig, fetchedAt: Date)?
    func saveCachedConfig(_ config: RemoteConfig, now: Date) throws(StoreError)
    func cachedLeaderboard(userId: String) throws(StoreError) -> (board: LeaderboardResponse, fetchedAt: Date)?
    func saveLeaderboard(_ board: LeaderboardResponse, userId: String, now: Date) throws(StoreError)
    /// Makes the local account for a server account (by the server's id), taking over a local account of the same
    /// email made offline (its quizzes move to the server's id). Returns the user.
    func adoptRemoteAccount(_ account: AccountPayload, now: Date) throws(StoreError) -> User
    /// How many quizzes a user has (finished, abandoned or in progress).
    func quizCount(userId: String) throws(StoreError) -> Int
    /// How many of them are still in progress (they travel to the server once over).
    func quizzesInProgress(userId: String) throws(StoreError) -> Int
    /// How many answers a user has on this device, synced or not.
    func resultCount(userId: String) throws(StoreError) -> Int
    /// Moves every quiz, answer, solved question, stage and total from one user to another (guest → account).
    func moveHistory(from source: String, to target: String) throws(StoreError)
    /// Imports a pack (validated first) in one transaction; returns how many questions it holds.
    @discardableResult
    func importPack(_ pack: QuestionPack, now: Date) throws(StoreError) -> Int
    func importedVersion(ofPack packId: String) throws(StoreError) -> String?
}
