import BrainyAPI
import BrainyKit
import Foundation

/// The account's data as pages since a cursor: the download half of sync. Every quiz and result is numbered, as it is
/// stored, by its account's own sequence (a counter row per account, bumped in the storing transaction), so that a
/// page asked again is the same page and a cursor never skips a row stored later.
public protocol SyncChangeStore: Sendable {
    /// Up to `limit` of the account's quizzes and results numbered after `since`, in their order, with the quizzes of
    /// those results that lie further on; `cursor` is the last number sent.
    func changes(accountId: String, since: Int64, limit: Int) async throws -> SyncChangesResponse
}

/// One quiz or result of a page with its number, to merge the two tables' rows in order.
struct NumberedChange<Item: Sendable>: Sendable {
    var seq: Int64
    var item: Item
}

enum SyncChangePage {
    /// Takes the first `limit` of both lists (each read with `limit + 1` rows) in their order, and says whether more
    /// is held.
    static func page(quizzes: [NumberedChange<UploadedQuiz>], results: [NumberedChange<UploadedResult>], since: Int64,
                     limit: Int) -> (quizzes: [UploadedQuiz], results: [UploadedResult], cursor: Int64, more: Bool) {
        var pageQuizzes: [UploadedQuiz] = []
        var pageResults: [UploadedResult] = []
        var cursor = since
        var q = 0
        var r = 0
        while pageQuizzes.count + pageResults.count < limit, q < quizzes.count || r < results.count {
            if r >= results.count || (q < quizzes.count && quizzes[q].seq < results[r].seq) {
                pageQuizzes.append(quizzes[q].item)
                cursor = quizzes[q].seq
                q += 1
            } else {
                pageResults.append(results[r].item)
                cursor = results[r].seq
                r += 1
            }
        }
        return (pageQuizzes, pageResults, cursor, q < quizzes.count || r < results.count)
    }

    /// The quiz ids this page's results name that the page does not bring.
    static func missingQuizIds(_ page: (quizzes: [UploadedQuiz], results: [UploadedResult])) -> [String] {
        let brought = Set(page.quizzes.map(\.id))
        return Array(Set(page.results.map(\.quizId)).subtracting(brought)).sorted()
    }
}
