import BrainyKit
import Foundation

// The download half of sync: what the server holds for the account since a cursor, a page at a time.

/// One page of the account's data, in the order the server stored it. Each quiz and result the account holds is
/// stored once with a sequence number of its account, assigned as it is stored and never reused, so a page asked
/// again with the same cursor is the same page (whichever instance answers), and the next page starts at `cursor`.
public struct SyncChangesResponse: Codable, Equatable, Sendable {
    /// Quizzes stored after the cursor, and the quizzes of this page's results that a later page would bring (sent
    /// again later: the device stores each id once).
    public var quizzes: [UploadedQuiz]
    /// Results stored after the cursor, in their order of storing.
    public var results: [UploadedResult]
    /// Where the next page starts: the sequence number of this page's last item (the cursor asked when the page is
    /// empty). Keep it with the page's rows.
    public var cursor: Int64
    /// Whether more is held past `cursor`.
    public var more: Bool

    public init(quizzes: [UploadedQuiz], results: [UploadedResult], cursor: Int64, more: Bool) {
        self.quizzes = quizzes
        self.results = results
        self.cursor = cursor
        self.more = more
    }

    /// The largest page the server sends, and what it sends when no limit is asked.
    public static let maxLimit = 1_000
    public static let defaultLimit = 500
}

extension API {
    /// The query of a paged download (`syncChanges`, `creditLedger`): what is stored after the cursor `since`, at
    /// most `limit` of it.
    public static func pageQuery(since cursor: Int64, limit: Int) -> [String: String] {
        ["since": String(cursor), "limit": String(limit)]
    }
}
