import BrainyAPI
import BrainyKit
import Foundation

/// The download half of `sync`: after the upload, what the server holds for the account that this device lacks, a
/// page at a time from the cursor kept at the last page, each page kept with its cursor in one transaction. A sync
/// cut anywhere (Ctrl-C, the server gone) keeps the pages already kept, and the next one goes on from there; a row
/// already on the device is never kept twice.
struct SyncDownload {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    let timeZone: TimeZone
    /// Results per page at most (`--sync-batch`).
    let batchSize: Int
    let progress: (SyncProgress) -> Void

    /// The download stopped (Ctrl-C, the server gone, the store refused): what was kept until then, and why.
    struct Stopped: Error {
        var kept: DownloadedCounts
        var error: any Error
    }

    /// Where the download from `server` for `userId` stands.
    static func cursorKey(server: String, userId: String) -> String { "downloadCursor:\(server)|\(userId)" }

    /// Downloads every page and returns what was added, or nil when the server serves no downloads (an older one).
    /// A download cut off throws `Stopped`.
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> DownloadedCounts? {
        let key = Self.cursorKey(server: api.baseURL, userId: userId)
        // The bar's end: what the server said it holds beyond what the device has (a guess; a sync cut short before
        // the server's summary draws none).
        let expected = SyncEngine.serverHolds(userId: userId, in: repository)
            .map { max(0, $0.results - ((try? repository.resultCount(userId: userId)) ?? 0)) }
        var cursor = try repository.downloadCursor(key: key)
        let limit = min(max(1, batchSize), SyncChangesResponse.maxLimit)
        var added = DownloadedCounts()
        var received = 0
        let started = ContinuousClock.now
        func drawProgress() {
            let seconds = max((ContinuousClock.now - started) / .seconds(1), 0.001)
            progress(.downloading(received: received, expected: expected, perSecond: Int(Double(received) / seconds)))
        }
        do {
            drawProgress()
            let first = cursor
            // The first page through `authorized`: it refreshes an expired token, and an older server answers 404.
            let answer: SyncChangesResponse? = try remote.authorized(api, watch) { api, token in
                do {
                    return try await api.call(API.syncChanges, query: API.pageQuery(since: first, limit: limit),
                                              accessToken: token)
                } catch let error as RemoteError where error.status == 404 {
                    return nil
                }
            }
            guard var page = answer else {
                progress(.ended)
                return nil
            }
            while true {
                // The next page is asked for (its cursor is this page's) while this one is kept: two pages at most in
                // memory, and the server and the device work at once. Kept pages stay kept whatever befalls it.
                let since = cursor
                let more = page.more && page.cursor > since
                let next: InterruptibleWait.Pending<SyncChangesResponse>?
                if more {
                    let token = try remote.tokens(api).accessToken
                    let query = API.pageQuery(since: page.cursor, limit: limit)
                    next = watch.start { try await api.call(API.syncChanges, query: query, accessToken: token) }
                } else {
                    next = nil
                }
                do {
                    added = added + (try repository.keepDownloadedPage(
                        DownloadedPage(quizzes: page.quizzes, results: page.results, cursor: page.cursor),
                        userId: userId, cursorKey: key, timeZone: timeZone, now: now()))
                } catch {
                    next?.cancel()
                    throw error
                }
                received += page.results.count
                cursor = page.cursor
                drawProgress()
                guard let next else { break }
                do throws(RemoteError) {
                    page = try watch.wait(for: next)
                } catch where error.status == 401 {
                    // The access token expired under way: refreshed once, this page asked again.
                    let after = cursor
                    page = try remote.authorized(api, watch) { api, token in
                        try await api.call(API.syncChanges, query: API.pageQuery(since: after, limit: limit),
                                           accessToken: token)
                    }
                } catch {
                    throw remote.translate(error, server: api.baseURL)
                }
            }
        } catch {
            progress(.ended)
            throw Stopped(kept: added, error: error)
        }
        progress(.ended)
        return added
    }
}
