import BrainyKit
import Foundation

extension ShellSession {
    /// `sync`: uploads the pending results (a progress bar with count and rate), marks what the server acknowledged,
    /// fetches the config and the question pack when their versions changed, the leaderboard once a day, and sums up.
    /// Whatever fails or is stopped (Ctrl-C), what was acknowledged stays synced and the rest stays pending.
    func sync() throws(BrainyError) {
        guard let api = remoteAPI() else { throw .noServer }
        guard let user = flow.user else {
            // Under maintenance and signed out: only the config is fetched, to see whether maintenance is over.
            let watch = RemoteCall()
            defer { watch.finish() }
            var summary: [String] = []
            try refreshConfig(api, watch, summary: &summary)
            return console.line(console.paint("✔ ", \.success) + summary.joined(separator: " · "))
        }
        if user.provider == .guest { throw .guestCannotSync }
        _ = try remoteSignIn(api)
        let watch = RemoteCall()
        defer { watch.finish() }
        var summary: [String] = []
        try uploadPending(api, watch, userId: user.id, summary: &summary)
        try compareWithServer(api, watch, userId: user.id, summary: &summary)
        try refreshConfig(api, watch, summary: &summary)
        try refreshPack(api, watch, summary: &summary)
        try refreshLeaderboard(api, watch, userId: user.id, summary: &summary)
        try repository.setSyncValue(ISO8601DateFormatter().string(from: now), for: SyncKeys.lastSync(user.id))
        console.line(console.paint("✔ ", \.success) + console.text(Localized(ko: "동기화 완료", en: "Synced")) + " · "
                     + summary.joined(separator: " · "))
    }

    private func uploadPending(_ api: any RemoteAPI, _ watch: RemoteCall, userId: String,
                               summary: inout [String]) throws(BrainyError) {
        let total = try repository.pendingSyncCount(userId: userId)
        var sent = 0
        var refused = 0
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
            var call: RemoteCall.Pending<ResultUploadResponse>
        }
        var inFlight: InFlight?
        var exhausted = false
        var token = try remoteSignIn(api).accessToken
        do throws(BrainyError) {
            while true {
                var next: InFlight?
                if !exhausted {
                    let batch = try repository.pendingBatch(userId: userId, limit: max(1, deps.syncBatchSize), after: cursor)
                    cursor = batch.next
                    if batch.isEmpty {
                        exhausted = true
                    } else {
                        let request = ResultUploadRequest(results: batch.results, quizzes: batch.quizzes)
                        next = InFlight(request: request, readAt: now,
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
                    response = try authorized(api, watch) { api, token in try await api.upload(request, accessToken: token) }
                    token = try remoteSignIn(api).accessToken
                } catch {
                    next?.call.cancel()
                    throw translate(error, server: api.baseURL)
                }
                try repository.markSynced(resultIds: response.accepted, quizIds: response.acceptedQuizzes,
                                          uploadedAt: current.readAt, now: now)
                sent += response.accepted.count
                let sentIds = Set(current.request.results.map(\.id))
                refused += response.rejected.filter(sentIds.contains).count
                inFlight = next
                drawProgress()
            }
        } catch {
            console.endProgress()
            let left = total - sent
            console.line(console.paint(console.text(Localized(
                ko: "동기화를 멈췄습니다: 결과 \(total.grouped)개 중 \(sent.grouped)개를 올렸고, 나머지 \(left.grouped)개는 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "Sync stopped: \(sent.grouped) of \(total.grouped) results sent; the other \(left.grouped) stay on this device and go with the next 'sync'.")),
                \.warning))
            throw error
        }
        console.endProgress()
        if total == 0 {
            summary.append(console.text(Localized(ko: "올릴 결과 없음", en: "nothing to upload")))
        } else {
            summary.append(console.text(Localized(ko: "결과 \(sent.grouped)개 올림 (\(rate().grouped)/s)",
                                                  en: "\(sent.grouped) result\(sent == 1 ? "" : "s") uploaded (\(rate().grouped)/s)")))
        }
        if refused > 0 {
            console.line(console.paint(console.text(Localized(
                ko: "서버가 \(refused)개를 거절했습니다 (다른 계정의 id). 이 기기에 그대로 남겨 둡니다.",
                en: "The server refused \(refused) (their ids belong to another account); they stay on this device.")),
                \.warning))
        }
    }

    /// Asks what the server now holds for the account, keeps it for `profile`, and says it in the summary.
    private func compareWithServer(_ api: any RemoteAPI, _ watch: RemoteCall, userId: String,
                                   summary: inout [String]) throws(BrainyError) {
        let held = try authorized(api, watch) { api, token in try await api.resultSummary(accessToken: token) }
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
    private func refreshConfig(_ api: any RemoteAPI, _ watch: RemoteCall, summary: inout [String]) throws(BrainyError) {
        if let newConfig = try fetchConfig(api, watch) {
            summary.append(console.text(Localized(ko: "설정 \(newConfig.version)", en: "config \(newConfig.version)")))
        } else {
            summary.append(console.text(Localized(ko: "설정 \(config.version) 그대로", en: "config \(config.version) unchanged")))
        }
    }

    /// Before a sign-in through the server: its current config (maintenance, sign-in methods, minimum version,
    /// password policy) decides. A server that cannot be reached changes nothing here: the sign-in itself says so.
    func refreshConfigBeforeSignIn(_ api: any RemoteAPI) {
        _ = try? fetchConfig(api, nil)
    }

    /// Fetches the config unless the server still serves the one kept (ETag), keeps it, puts it in force and says
    /// what changed. Returns the new config, or nil when it was unchanged.
    private func fetchConfig(_ api: any RemoteAPI, _ watch: RemoteCall?) throws(BrainyError) -> RemoteConfig? {
        let etag = try repository.syncValue(SyncKeys.configETag)
        guard case let .fetched(newConfig, newTag) = try call(api, watch, { try await $0.config(ifNoneMatch: etag) })
        else { return nil }
        try repository.saveCachedConfig(newConfig, now: now)
        try repository.setSyncValue(newTag, for: SyncKeys.configETag)
        for change in adoptConfig(newConfig) { console.line(console.paint("• ", \.accent) + console.text(change)) }
        return newConfig
    }

    /// Puts a config fetched from the server in force, returning what changed that the user should know.
    @discardableResult
    func adoptConfig(_ newConfig: RemoteConfig) -> [Localized] {
        let old = config
        config = newConfig
        var changes: [Localized] = []
        if newConfig.maintenanceMode != old.maintenanceMode {
            _ = try? flow.handle(.maintenanceChanged(newConfig.maintenanceMode))
            changes.append(newConfig.maintenanceMode
                ? Localized(ko: "서버가 점검 중입니다: 퀴즈를 시작할 수 없습니다. 점검이 끝나면 'sync'로 다시 확인하세요.",
                            en: "The server is under maintenance: quizzes cannot start. 'sync' again to check when it is over.")
                : Localized(ko: "점검이 끝났습니다.", en: "Maintenance is over."))
        }
        if newConfig.authMethodsEnabled != old.authMethodsEnabled {
            changes.append(Localized(ko: "로그인 방법: \(newConfig.authMethodsEnabled.joined(separator: ", "))",
                                     en: "Sign-in methods: \(newConfig.authMethodsEnabled.joined(separator: ", "))"))
        }
        if newConfig.featureFlags != old.featureFlags {
            let flags = newConfig.featureFlags
            changes.append(Localized(
                ko: "기능: AI 모드 \(flags.aiQuiz ? "켜짐" : "꺼짐"), 음성 모드 \(flags.voiceMode ? "켜짐" : "꺼짐")",
                en: "Features: AI mode \(flags.aiQuiz ? "on" : "off"), voice mode \(flags.voiceMode ? "on" : "off")"))
        }
        if newConfig.minAppVersion != old.minAppVersion, let minimum = AppVersion(newConfig.minAppVersion),
           let mine = AppVersion(BrainyVersion.current), mine < minimum {
            changes.append(BrainyError.updateRequired(current: BrainyVersion.current, minimum: newConfig.minAppVersion).message)
        }
        return changes
    }

    private func refreshPack(_ api: any RemoteAPI, _ watch: RemoteCall, summary: inout [String]) throws(BrainyError) {
        let served = try call(api, watch) { try await $0.packVersion() }
        if try repository.importedVersion(ofPack: served.id) == served.version {
            summary.append(console.text(Localized(ko: "문제 팩 \(served.version) 그대로", en: "pack \(served.version) unchanged")))
            return
        }
        let pack = try call(api, watch) { try await $0.pack() }
        let count = try repository.importPack(pack, now: now)
        summary.append(console.text(Localized(ko: "문제 팩 \(pack.version) 받음 (\(count.grouped)문제)",
                                              en: "pack \(pack.version) imported (\(count.grouped) questions)")))
    }

    /// The leaderboard is fetched at most once a (UTC) day; `leaderboard` shows the cached one.
    private func refreshLeaderboard(_ api: any RemoteAPI, _ watch: RemoteCall, userId: String,
                                    summary: inout [String]) throws(BrainyError) {
        if let cached = try repository.cachedLeaderboard(userId: userId),
           BrainyDateFormat.day(cached.fetchedAt, timeZone: .gmt) == BrainyDateFormat.day(now, timeZone: .gmt) {
            summary.append(console.text(Localized(ko: "순위표는 오늘 받은 것", en: "leaderboard already fetched today")))
            return
        }
        let board = try authorized(api, watch) { api, token in try await api.leaderboard(accessToken: token) }
        try repository.saveLeaderboard(board, userId: userId, now: now)
        let place = board.you.map { console.text(Localized(ko: "내 순위 \($0.rank)위", en: "you are #\($0.rank)")) }
            ?? console.text(Localized(ko: "오늘 기록 없음", en: "no score today yet"))
        summary.append(console.text(Localized(ko: "순위표 받음", en: "leaderboard fetched")) + " (\(place))")
    }

    /// `leaderboard`: the cached daily leaderboard and when it was fetched.
    func showLeaderboard() throws(BrainyError) {
        guard let user = flow.user else { return }
        guard let (board, fetchedAt) = try repository.cachedLeaderboard(userId: user.id) else {
            return console.line(Localized(ko: "저장된 순위표가 없습니다. 서버와 'sync'하면 오늘의 순위표를 받아 옵니다.",
                                          en: "No leaderboard cached yet. A 'sync' with a server fetches today's leaderboard."))
        }
        let fetched = BrainyDateFormat.minute(fetchedAt, timeZone: deps.timeZone)
        if outputFormat == .json {
            struct Cached: Encodable { var fetchedAt: Date; var leaderboard: LeaderboardResponse }
            return console.line(Report.json(Cached(fetchedAt: fetchedAt, leaderboard: board)))
        }
        let rows = board.entries.map { [String($0.rank), $0.displayName, String($0.score), Self.percent($0.accuracy)] }
        if outputFormat == .plain {
            return console.line(Report.plain(["rank", "name", "score", "accuracy"], rows))
        }
        console.line(console.paint(console.text(Localized(ko: "오늘의 순위표 \(board.date) (UTC)", en: "Daily leaderboard \(board.date) (UTC)")), \.emphasis)
                     + console.paint(console.text(Localized(ko: " · \(fetched)에 받음", en: " · fetched \(fetched)")), \.muted))
        if rows.isEmpty {
            console.line(console.text(Localized(ko: "아직 아무도 점수가 없습니다.", en: "Nobody has scored yet.")))
        } else {
            let header = [Localized(ko: "순위", en: "rank"), Localized(ko: "이름", en: "name"),
                          Localized(ko: "점수", en: "score"), Localized(ko: "정답률", en: "accuracy")].map(console.text)
            for line in TableRenderer.render(header: header, rows: rows, alignments: [.right, .left, .right, .right],
                                             maxWidth: columns, headerPaint: { self.console.paint($0, \.emphasis) }) {
                console.line(line)
            }
        }
        if let you = board.you {
            console.line(console.text(Localized(
                ko: "내 순위: \(you.rank)위 · \(you.score)점 · 정답률 \(Self.percent(you.accuracy))",
                en: "You: #\(you.rank) · \(you.score) points · \(Self.percent(you.accuracy)) correct")))
        }
        if BrainyDateFormat.day(fetchedAt, timeZone: .gmt) != BrainyDateFormat.day(now, timeZone: .gmt) {
            console.line(console.paint(console.text(Localized(ko: "오늘 것이 아닙니다. 'sync'로 새로 받으세요.",
                                                              en: "This is not today's. 'sync' fetches a new one.")), \.muted))
        }
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}

extension Int {
    /// 12,345: thousands grouped the same way in both languages.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }
}
