import Foundation

/// One page of what the server holds for the account, as the device keeps it: quizzes and results by id, and where
/// the next page starts.
public struct DownloadedPage: Equatable, Sendable {
    public var quizzes: [UploadedQuiz]
    public var results: [UploadedResult]
    /// The server's cursor after this page, kept in the transaction that keeps the page.
    public var cursor: Int64

    public init(quizzes: [UploadedQuiz], results: [UploadedResult], cursor: Int64) {
        self.quizzes = quizzes
        self.results = results
        self.cursor = cursor
    }
}

/// What a page added to the device: rows it lacked (rows it held already are not counted).
public struct DownloadedCounts: Equatable, Sendable {
    public var quizzes = 0
    public var results = 0
    /// Results whose quiz the device has not got (the server never held it): left out.
    public var orphans = 0

    public init(quizzes: Int = 0, results: Int = 0, orphans: Int = 0) {
        self.quizzes = quizzes
        self.results = results
        self.orphans = orphans
    }

    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(quizzes: lhs.quizzes + rhs.quizzes, results: lhs.results + rhs.results, orphans: lhs.orphans + rhs.orphans)
    }
}

/// The download half of sync on the device: each page kept in one transaction with its cursor, each row once by id,
/// and everything read from the rows (stats, streaks, solved questions, ratings) brought up to date with it.
public protocol SyncDownloadRepository: Sendable {
    /// The cursor kept under `key` (0 before the first page).
    func downloadCursor(key: String) throws(StoreError) -> Int64
    /// Keeps what the page holds that the device lacks for `userId`, and the page's cursor under `key`, in one
    /// transaction: a page kept twice changes nothing the second time.
    func keepDownloadedPage(_ page: DownloadedPage, userId: String, cursorKey key: String, timeZone: TimeZone,
                            now: Date) throws(StoreError) -> DownloadedCounts
}
