import BrainyAPI
import BrainyKit
import Foundation

/// `sync`: uploads the pending results (a progress bar with count and rate), marks what the server acknowledged,
/// fetches the config and the question pack when their versions changed, the leaderboard once a day, and sums up.
/// Whatever fails or is stopped (Ctrl-C), what was acknowledged stays synced and the rest stays pending.
struct SyncEngine {
    let session: ShellSession
    private var remote: RemoteSession { session.remote }
    private var repository: any BrainyRepository { session.repository }
    private var console: Console { session.console }

    func run() throws {
        guard let api = remote.api() else { throw ShellError.noServer }
        guard let user = session.flow.user else {
            // Under maintenance and signed out: only the config is fetched, to see whether maintenance is over.
            let watch = InterruptibleWait()
            defer { watch.finish() }
            var summary: [String] = []
            try refreshConfig(api, watch, summary: &summary)
            return console.line(console.paint("✔ ", \.success) + summary.joined(separator: " · "))
        }
        if user.provider == .guest { throw ShellError.guestCannotSync }
        _ = try remote.tokens(api)
        let watch = InterruptibleWait()
        defer { watch.finish() }
        var summary: [String] = []
        try uploadPending(api, watch, userId: user.id, summary: &summary)
        // The results are what a sync is for; the rest is optional: a part that fails is said and skipped, and the
        // others go on (the sync still succeeds).
        var skipped: [String] = []
        try optional(Localized(ko: "서버 보관 현황", en: "the server's summary"), skipped: &skipped) {
            try compareWithServer(api, watch, userId: user.id, summary: &summary)
        }
        // What the other devices of the account uploaded: not optional, like the upload (a download cut off says so).
        let download = SyncDownload(session: session)
        if let added = try download.run(api, watch, userId: user.id) { summary.append(download.summary(added)) }
        try optional(Localized(ko: "설정", en: "config"), skipped: &skipped) {
            try refreshConfig(api, watch, summary: &summary)
        }
        try optional(Localized(ko: "문제 팩", en: "question pack"), skipped: &skipped) {
            try refreshPack(api, watch, summary: &summary)
        }
        try optional(Localized(ko: "퀴즈 티켓", en: "quiz tickets"), skipped: &skipped) {
            try QuizTicketSync(session: session).run(api, watch, userId: user.id, summary: &summary)
        }
        try optional(Localized(ko: "문제 난이도", en: "question ratings"), skipped: &skipped) {
            try importQuestionRatings(api, watch, summary: &summary)
        }
        let ads = AdSync(session: session).run(api, watch, userId: user.id)
        if ads.sent > 0 {
            summary.append(console.text(Localized(
                ko: "광고 기록 \(ads.sent)개 올림" + (ads.confirmed > 0 ? " (보상 \(ads.confirmed)개 확인)" : ""),
                en: "\(ads.sent) ad event\(ads.sent == 1 ? "" : "s") sent"
                    + (ads.confirmed > 0 ? " (\(ads.confirmed) reward\(ads.confirmed == 1 ? "" : "s") confirmed)" : ""))))
        }
        if ads.failed {
            let word = console.text(Localized(ko: "광고", en: "ads"))
            skipped.append(word)
            console.line(console.paint(console.text(Localized(
                ko: "\(word) 건너뜀: 서버가 답하지 않았습니다. 광고 기록은 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "Skipped \(word): the server did not answer. Ad events stay on this device for the next 'sync'.")),
                \.warning))
        }
        try optional(Localized(ko: "개인 설정", en: "settings"), skipped: &skipped) {
            let settings = SettingsSync(session: session)
            if let taken = try settings.run(api, watch, userId: user.id), let line = settings.summary(taken) {
                summary.append(line)
            }
        }
        // After the results: the server holds a stage as far as the stage quizzes it holds allow.
        try optional(Localized(ko: "스테이지 진행", en: "stage progress"), skipped: &skipped) {
            let stages = StageSync(session: session)
            if let moved = try stages.run(api, watch, userId: user.id), let line = stages.summary(moved) {
                summary.append(line)
            }
        }
        // After the ads: an ad's reward is verified against its ad event, which must have gone up first.
        try optional(Localized(ko: "힌트 기록", en: "hint credits"), skipped: &skipped) {
            let credits = CreditSync(session: session)
            if let outcome = try credits.run(api, watch, userId: user.id) { summary.append(credits.summary(outcome)) }
        }
        try optional(Localized(ko: "순위표", en: "leaderboard"), skipped: &skipped) {
            try refreshLeaderboard(api, watch, userId: user.id, summary: &summary)
        }
        try repository.setSyncValue(ISO8601DateFormatter().string(from: session.now), for: SyncKeys.lastSync(user.id))
        if !skipped.isEmpty {
            summary.append(console.text(Localized(ko: "건너뜀: \(skipped.joined(separator: ", "))",
                                                  en: "skipped: \(skipped.joined(separator: ", "))")))
        }
        console.line(console.paint("✔ ", \.success) + console.text(Localized(ko: "동기화 완료", en: "Synced")) + " · "
                     + summary.joined(separator: " · "))
    }

    /// Runs an optional part of the sync: when it fails, says which part was skipped and why, and lets the sync go
    /// on. Ctrl-C and an ended sign-in still stop the whole sync.
    private func optional(_ part: Localized, skipped: inout [String], _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ShellError where error == .cancelled || error == .remoteSessionEnded {
            throw error
        } catch {
            let word = console.text(part)
            skipped.append(word)
            console.line(console.paint(console.text(Localized(
                ko: "\(word) 건너뜀: ", en: "Skipped \(word): ")) + console.text(ErrorMessage.of(error)), \.warning))
        }
    }

    private func uploadPending(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String,
                               summary: inout [String]) throws {
        let total = try repository.pendingSyncCount(userId: userId)
        var sent = 0
        var refused = 0
        var reasons: Set<String> = []
        var cursor = SyncCursor()
        let started = ContinuousClock.now
        func rate() -> Int {
            let seconds = max((ContinuousClock.now - started) / .seconds(1), 0.001)
            return Int(Double(sent) / seconds)
        }
        func drawProgress() {
            guard total > 0 else { return }
            let bar = TableRenderer.bar(Double(sent) / Double(total), width: 24)
            console.progress(console.text(Localized(ko: "올리는 중 ", en: "Uploading ")) + "[\(bar)] "
                             + "\(sent.grouped)/\(total.grouped) · \(rate().grouped)/s")
        }
        drawProgress()
        // Two requests in flight: while the server stores one batch, the shell reads and sends the next. A batch is
        // marked synced only once the server has answered for it.
        struct InFlight {
            var request: ResultUploadRequest
            var readAt: Date
            var call: InterruptibleWait.Pending<ResultUploadResponse>
        }
        var inFlight: InFlight?
        var exhausted = false
        var token = try remote.tokens(api).accessToken
        do throws {
            while true {
                var next: InFlight?
                if !exhausted {
                    let batch = try repository.pendingBatch(userId: userId, limit: max(1, session.options.syncBatchSize), after: cursor)
                    cursor = batch.next
                    if batch.isEmpty {
                        exhausted = true
                    } else {
                        let request = ResultUploadRequest(results: batch.results, quizzes: batch.quizzes)
                        next = InFlight(request: request, readAt: session.now,
                                        call: watch.start { [token] in try await api.upload(request, accessToken: token) })
                    }
                }
                guard let current = inFlight ?? next else { break }
                if inFlight == nil {
                    inFlight = next
                    continue
                }
                let response: ResultUploadResponse
                do throws(RemoteError) {
                    response = try watch.wait(for: current.call)
                } catch where error.status == 401 {
                    // The access token expired under way: refreshed once, this batch sent again.
                    let request = current.request
                    response = try remote.authorized(api, watch) { api, token in try await api.upload(request, accessToken: token) }
                    token = try remote.tokens(api).accessToken
                } catch {
                    next?.call.cancel()
                    throw remote.translate(error, server: api.baseURL)
                }
                try repository.markSynced(resultIds: response.accepted, quizIds: response.acceptedQuizzes,
                                          uploadedAt: current.readAt, now: session.now)
                sent += response.accepted.count
                let sentIds = Set(current.request.results.map(\.id))
                refused += response.rejected.filter(sentIds.contains).count
                for refusal in response.refusals where sentIds.contains(refusal.id) {
                    reasons.insert(refusal.reason.rawValue)
                }
                inFlight = next
                drawProgress()
            }
        } catch {
            console.endProgress()
            let left = total - sent
            console.line(console.paint(console.text(Localized(
                ko: "동기화를 멈췄습니다: 결과 \(total.grouped)개 중 \(sent.grouped)개를 올렸고, 나머지 \(left.grouped)개는 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "Sync stopped: \(sent.grouped) of \(total.counted("result")) sent; the other \(left.grouped) stay on this device and go with the next 'sync'.")),
                \.warning))
            throw error
        }
        console.endProgress()
        if total == 0 {
            summary.append(console.text(Localized(ko: "↑ 올릴 결과 없음", en: "↑ nothing to upload")))
        } else {
            summary.append(console.text(Localized(ko: "↑ 결과 \(sent.grouped)개 올림 (\(rate().grouped)/s)",
                                                  en: "↑ \(sent.grouped) result\(sent == 1 ? "" : "s") uploaded (\(rate().grouped)/s)")))
        }
        if refused > 0 {
            // An older server gives no reasons: then only another account's ids were refused.
            let why = reasons.isEmpty ? ResultRefusalReason.idTaken.rawValue : reasons.sorted().joined(separator: ", ")
            console.line(console.paint(console.text(Localized(
                ko: "서버가 \(refused)개를 거절했습니다 (\(why)). 이 기기에 그대로 남겨 둡니다.",
                en: "The server refused \(refused) (\(why)); they stay on this device.")),
                \.warning))
        }
    }

    /// Asks what the server now holds for the account, keeps it for `profile`, and says it in the summary.
    private func compareWithServer(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String,
                                   summary: inout [String]) throws {
        let held = try remote.authorized(api, watch) { api, token in try await api.resultSummary(accessToken: token) }
        if let data = try? JSONEncoder().encode(held) {
            try repository.setSyncValue(String(decoding: data, as: UTF8.self), for: SyncKeys.serverHolds(userId))
        }
        summary.append(console.text(Localized(
            ko: "서버에 답 \(held.results.grouped)개 · 퀴즈 \(held.quizzes.grouped)개",
            en: "the server holds \(held.results.grouped) answer\(held.results == 1 ? "" : "s") and \(held.quizzes.grouped) quiz\(held.quizzes == 1 ? "" : "zes")")))
    }

    /// What the server held for the user at the last sync.
    func serverHolds(userId: String) -> ResultSummaryResponse? {
        guard let text = (try? repository.syncValue(SyncKeys.serverHolds(userId))) ?? nil else { return nil }
        return try? JSONDecoder().decode(ResultSummaryResponse.self, from: Data(text.utf8))
    }

    /// Fetches the config when its version changed and puts it in force at once (maintenance, login methods,
    /// feature flags, minimum version).
    private func refreshConfig(_ api: any RemoteAPI, _ watch: InterruptibleWait, summary: inout [String]) throws {
        if let newConfig = try ConfigRefresh(session: session).fetch(api, watch) {
            summary.append(console.text(Localized(ko: "설정 \(newConfig.version)", en: "config \(newConfig.version)")))
        } else {
            summary.append(console.text(Localized(ko: "설정 \(session.config.version) 그대로", en: "config \(session.config.version) unchanged")))
        }
    }

    private func refreshPack(_ api: any RemoteAPI, _ watch: InterruptibleWait, summary: inout [String]) throws {
        let served = try remote.call(api, watch) { try await $0.packVersion() }
        ServedPack.remember(served, server: api.baseURL, at: session.now, in: repository)
        if try repository.importedVersion(ofPack: served.id) == served.version {
            summary.append(console.text(Localized(ko: "문제 팩 \(served.version) 그대로", en: "pack \(served.version) unchanged")))
            return
        }
        let pack = try remote.call(api, watch) { try await $0.pack() }
        let count = try repository.importPack(pack, now: session.now)
        summary.append(console.text(Localized(ko: "문제 팩 \(pack.version) 받음 (\(count.grouped)문제)",
                                              en: "pack \(pack.version) imported (\(count.counted("question")))")))
    }

    /// Every player's answers as question difficulties, for AI mode and `start adaptive`.
    /// Fetched only when they changed (ETag).
    private func importQuestionRatings(_ api: any RemoteAPI, _ watch: InterruptibleWait, summary: inout [String]) throws {
        let key = SyncKeys.ratingsETag(api.baseURL)
        let etag = try repository.syncValue(key)
        guard case let .fetched(served, newTag) = try remote.call(api, watch, { try await $0.questionRatings(ifNoneMatch: etag) })
        else { return }
        guard !served.ratings.isEmpty else { return }
        try repository.importQuestionRatings(Dictionary(
            served.ratings.map { ($0.questionId, Rating(value: $0.value, answers: $0.answers)) },
            uniquingKeysWith: { first, _ in first }))
        try repository.setSyncValue(newTag, for: key)
        summary.append(console.text(Localized(ko: "문제 난이도 \(served.ratings.count.grouped)개 받음",
                                              en: "\(served.ratings.count.grouped) question ratings")))
    }

    /// The leaderboard is fetched at most once a (UTC) day; `leaderboard` shows the cached one.
    private func refreshLeaderboard(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String,
                                    summary: inout [String]) throws {
        if let cached = try repository.cachedLeaderboard(userId: userId),
           BrainyDateFormat.day(cached.fetchedAt, timeZone: .gmt) == BrainyDateFormat.day(session.now, timeZone: .gmt) {
            summary.append(console.text(Localized(ko: "순위표는 오늘 받은 것", en: "leaderboard already fetched today")))
            return
        }
        let board = try remote.authorized(api, watch) { api, token in try await api.leaderboard(accessToken: token) }
        try repository.saveLeaderboard(board, userId: userId, now: session.now)
        let place = board.you.map { console.text(Localized(ko: "내 순위 \($0.rank)위", en: "you are #\($0.rank)")) }
            ?? console.text(Localized(ko: "오늘 기록 없음", en: "no score today yet"))
        summary.append(console.text(Localized(ko: "순위표 받음", en: "leaderboard fetched")) + " (\(place))")
    }
}
