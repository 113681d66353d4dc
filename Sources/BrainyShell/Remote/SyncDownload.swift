import BrainyAPI
import BrainyKit
import Foundation

/// The download half of `sync`: after the upload, what the server holds for the account that this device lacks, a
/// page at a time from the cursor kept at the last page, each page kept with its cursor in one transaction. A sync
/// cut anywhere (Ctrl-C, the server gone) keeps the pages already kept, and the next one goes on from there; a row
/// already on the device is never kept twice.
struct SyncDownload {
    let session: ShellSession
    private var remote: RemoteSession { session.remote }
    private var repository: any BrainyRepository { session.repository }
    private var console: Console { session.console }

    /// Where the download from `server` for `userId` stands.
    static func cursorKey(server: String, userId: String) -> String { "downloadCursor:\(server)|\(userId)" }

    /// Downloads every page and returns what was added, or nil when the server serves no downloads (an older one).
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> DownloadedCounts? {
        let key = Self.cursorKey(server: api.baseURL, userId: userId)
        // The bar's end: what the server said it holds beyond what the device has (a guess; a sync cut short before
        // the server's summary draws none).
        let expected = SyncEngine(session: session).serverHolds(userId: userId)
            .map { max(0, $0.results - ((try? repository.resultCount(userId: userId)) ?? 0)) }
        var cursor = try repository.downloadCursor(key: key)
        let limit = min(max(1, session.options.syncBatchSize), SyncChangesResponse.maxLimit)
        var added = DownloadedCounts()
        var received = 0
        let started = ContinuousClock.now
        func drawProgress() {
            let seconds = max((ContinuousClock.now - started) / .seconds(1), 0.001)
            let rate = Int(Double(received) / seconds)
            var text = console.text(Localized(ko: "받는 중 ", en: "Downloading "))
            if let expected, expected > 0 {
                let bar = TableRenderer.bar(min(1, Double(received) / Double(expected)), width: 24)
                text += "[\(bar)] \(received.grouped)/\(expected.grouped)"
            } else {
                text += received.grouped
            }
            console.progress(text + " · \(rate.grouped)/s")
        }
        do {
            drawProgress()
            let first = cursor
            // The first page through `authorized`: it refreshes an expired token, and an older server answers 404.
            let answer: SyncChangesResponse? = try remote.authorized(api, watch) { api, token in
                do {
                    return try await api.syncChanges(since: first, limit: limit, accessToken: token)
                } catch let error as RemoteError where error.status == 404 {
                    return nil
                }
            }
            guard var page = answer else {
                console.endProgress()
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
                    let after = page.cursor
                    next = watch.start { try await api.syncChanges(since: after, limit: limit, accessToken: token) }
                } else {
                    next = nil
                }
                do {
                    added = added + (try repository.keepDownloadedPage(
                        DownloadedPage(quizzes: page.quizzes, results: page.results, cursor: page.cursor),
                        userId: userId, cursorKey: key, timeZone: session.timeZone, now: session.now))
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
                        try await api.syncChanges(since: after, limit: limit, accessToken: token)
                    }
                } catch {
                    throw remote.translate(error, server: api.baseURL)
                }
            }
        } catch {
            console.endProgress()
            console.line(console.paint(console.text(Localized(
                ko: "받기를 멈췄습니다: 결과 \(added.results.grouped)개, 퀴즈 \(added.quizzes.grouped)개를 받아 두었습니다. 다음 'sync'가 멈춘 곳부터 이어 받습니다.",
                en: "Download stopped: \(added.results.counted("result")) and \(added.quizzes.counted("quiz", "quizzes")) kept; the next 'sync' goes on from there.")),
                \.warning))
            throw error
        }
        console.endProgress()
        return added
    }

    /// "↓ 340 results, 41 quizzes", or that nothing was new.
    func summary(_ added: DownloadedCounts) -> String {
        guard added.results > 0 || added.quizzes > 0 else {
            return console.text(Localized(ko: "↓ 받을 것 없음", en: "↓ nothing new"))
        }
        var text = console.text(Localized(
            ko: "↓ 결과 \(added.results.grouped)개, 퀴즈 \(added.quizzes.grouped)개",
            en: "↓ \(added.results.counted("result")), \(added.quizzes.counted("quiz", "quizzes"))"))
        if added.orphans > 0 {
            text += console.text(Localized(ko: " (퀴즈 없는 결과 \(added.orphans.grouped)개 제외)",
                                           en: " (\(added.orphans.grouped) without their quiz left out)"))
        }
        return text
    }
}
