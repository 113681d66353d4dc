import BrainyAPI
import BrainyKit
import Foundation

/// `sync`: uploads the pending results (`SyncUpload`), downloads what the account's other devices sent
/// (`SyncDownload`), fetches the config and the question pack when their versions changed, the leaderboard once a day,
/// and returns what it did as a `SyncReport` (which `SyncReportRenderer` says). Whatever fails or is stopped (Ctrl-C),
/// what was acknowledged stays synced and the rest stays pending. It prints nothing: its progress goes to `progress`.
struct SyncEngine {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let config: ConfigInForce
    let now: () -> Date
    let timeZone: TimeZone
    /// Results per upload, and at most per downloaded page (`--sync-batch`).
    let batchSize: Int
    /// The flow is told the hint credits now held (the ledger came down, a reward was taken back).
    let creditsChanged: (Int) -> Void
    /// Another device's settings came: the shell puts the user's settings in force.
    let settingsChanged: (Settings) -> Void
    /// How far a long upload or download has got.
    var progress: (SyncProgress) -> Void = { _ in }

    /// Syncs for `user` (signed out, under maintenance: only the config, to see whether maintenance is over).
    func run(for user: SignedInUser?) throws(SyncFailure) -> SyncReport {
        var report = SyncReport()
        do {
            try sync(for: user, into: &report)
        } catch {
            throw SyncFailure(report: report, error: error)
        }
        return report
    }

    private func sync(for user: SignedInUser?, into report: inout SyncReport) throws {
        guard let api = remote.api() else { throw ShellError.noServer }
        guard let user else {
            report.signedIn = false
            let watch = InterruptibleWait()
            defer { watch.finish() }
            try refreshConfig(api, watch, into: &report)
            return
        }
        if user.provider == .guest { throw ShellError.guestCannotSync }
        _ = try remote.tokens(api)
        let watch = InterruptibleWait()
        defer { watch.finish() }
        let userId = user.id
        do {
            report.upload = try SyncUpload(remote: remote, repository: repository, now: now, batchSize: batchSize,
                                           progress: progress).run(api, watch, userId: userId)
        } catch let stopped as SyncUpload.Stopped {
            report.upload = stopped.upload
            report.notices.append(.uploadStopped(sent: stopped.upload.sent, total: stopped.upload.total))
            throw stopped.error
        }
        if let upload = report.upload, upload.refused > 0 {
            report.notices.append(.resultsRefused(count: upload.refused, reasons: upload.reasons))
        }
        // The results are what a sync is for; the rest is optional: a part that fails is said and skipped, and the
        // others go on (the sync still succeeds).
        try optional(.serverSummary, &report) { report in
            report.serverHolds = try compareWithServer(api, watch, userId: userId)
        }
        // What the other devices of the account uploaded: not optional, like the upload (a download cut off says so).
        do {
            report.download = try SyncDownload(remote: remote, repository: repository, now: now, timeZone: timeZone,
                                               batchSize: batchSize, progress: progress).run(api, watch, userId: userId)
        } catch let stopped as SyncDownload.Stopped {
            report.notices.append(.downloadStopped(kept: stopped.kept))
            throw stopped.error
        }
        try optional(.config, &report) { report in try refreshConfig(api, watch, into: &report) }
        try optional(.pack, &report) { report in report.pack = try refreshPack(api, watch) }
        try optional(.quizTickets, &report) { report in
            report.quizTicketsFetched = try QuizTicketSync(remote: remote, repository: repository, now: now,
                                                           categories: config.current().categories)
                .run(api, watch, userId: userId)
        }
        try optional(.questionRatings, &report) { report in
            report.questionRatingsImported = try importQuestionRatings(api, watch)
        }
        let ads = AdSync(remote: remote, repository: repository, now: now, config: config.current().ads,
                         creditsChanged: creditsChanged).run(api, watch, userId: userId)
        report.adEventsSent = ads.sent
        report.adRewardsConfirmed = ads.confirmed
        for refusal in ads.refused {
            report.notices.append(.adRewardRefused(sponsor: refusal.sponsor, reason: refusal.reason, taken: refusal.taken))
        }
        if ads.failed { report.notices.append(.adsUnanswered) }
        try optional(.settings, &report) { report in
            report.settingsTaken = try SettingsSync(remote: remote, repository: repository, settingsChanged: settingsChanged)
                .run(api, watch, userId: userId)
        }
        // After the results: the server holds a stage as far as the stage quizzes it holds allow.
        try optional(.stages, &report) { report in
            report.stagesMoved = try StageSync(remote: remote, repository: repository).run(api, watch, userId: userId)
        }
        // After the ads: an ad's reward is verified against its ad event, which must have gone up first.
        try optional(.hintCredits, &report) { report in
            let credits = CreditSync(remote: remote, repository: repository, now: now, batchSize: batchSize,
                                     creditsChanged: creditsChanged)
            guard let outcome = try credits.run(api, watch, userId: userId) else { return }
            report.credits = outcome
            for refusal in outcome.refused {
                report.notices.append(.creditsRefused(amount: refusal.event.amount, reason: refusal.reason))
            }
        }
        try optional(.leaderboard, &report) { report in
            report.leaderboard = try refreshLeaderboard(api, watch, userId: userId)
        }
        try repository.setSyncValue(ISO8601DateFormatter().string(from: now()), for: SyncKeys.lastSync(userId))
    }

    /// Runs an optional part of the sync: when it fails, notes which part was skipped and why, and lets the sync go
    /// on. Ctrl-C, an ended sign-in and a keyring that does not give the tokens still stop the whole sync.
    private func optional(_ part: SyncReport.Part, _ report: inout SyncReport,
                          _ body: (inout SyncReport) throws -> Void) throws {
        do {
            try body(&report)
        } catch let error as ShellError
                    where error == .cancelled || error == .remoteSessionEnded || error == .keyringUnavailable
                        || error == .secretToolMissing {
            throw error
        } catch {
            report.notices.append(.skipped(part, error))
        }
    }

    /// Asks what the server now holds for the account, and keeps it for `profile`.
    private func compareWithServer(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws
        -> ResultSummaryResponse {
        let held = try remote.authorized(api, watch) { api, token in try await api.call(API.resultSummary, accessToken: token) }
        if let data = try? JSONEncoder().encode(held) {
            try repository.setSyncValue(String(decoding: data, as: UTF8.self), for: SyncKeys.serverHolds(userId))
        }
        return held
    }

    /// What the server held for the user at the last sync.
    static func serverHolds(userId: String, in repository: any BrainyRepository) -> ResultSummaryResponse? {
        guard let text = (try? repository.syncValue(SyncKeys.serverHolds(userId))) ?? nil else { return nil }
        return try? JSONDecoder().decode(ResultSummaryResponse.self, from: Data(text.utf8))
    }

    /// Fetches the config when its version changed and puts it in force at once (maintenance, login methods,
    /// feature flags, minimum version).
    private func refreshConfig(_ api: any RemoteAPI, _ watch: InterruptibleWait, into report: inout SyncReport) throws {
        let refresh = ConfigRefresh(remote: remote, repository: repository, now: now, config: config)
        if let adopted = try refresh.fetch(api, watch) {
            report.notices += adopted.changes.map(SyncReport.Notice.configChanged)
            report.config = .fetched(version: adopted.config.version)
        } else {
            report.config = .unchanged(version: config.current().version)
        }
    }

    private func refreshPack(_ api: any RemoteAPI, _ watch: InterruptibleWait) throws -> SyncReport.Pack {
        let served = try remote.call(api, watch) { try await $0.call(API.packVersion) }
        ServedPack.remember(served, server: api.baseURL, at: now(), in: repository)
        if try repository.importedVersion(ofPack: served.id) == served.version { return .unchanged(version: served.version) }
        let pack = try remote.call(api, watch) { try await $0.call(API.pack) }
        let count = try repository.importPack(pack, now: now())
        return .imported(version: pack.version, questions: count)
    }

    /// Every player's answers as question difficulties, for AI mode and `start adaptive`. Fetched only when they
    /// changed (ETag). How many came.
    private func importQuestionRatings(_ api: any RemoteAPI, _ watch: InterruptibleWait) throws -> Int {
        let key = SyncKeys.ratingsETag(api.baseURL)
        let etag = try repository.syncValue(key)
        guard case let .fetched(served, newTag) = try remote.call(api, watch, { try await $0.fetch(API.questionRatings, ifNoneMatch: etag) })
        else { return 0 }
        guard !served.ratings.isEmpty else { return 0 }
        try repository.importQuestionRatings(Dictionary(
            served.ratings.map { ($0.questionId, Rating(value: $0.value, answers: $0.answers)) },
            uniquingKeysWith: { first, _ in first }))
        try repository.setSyncValue(newTag, for: key)
        return served.ratings.count
    }

    /// The leaderboard is fetched at most once a (UTC) day; `leaderboard` shows the cached one.
    private func refreshLeaderboard(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws
        -> SyncReport.Leaderboard {
        if let cached = try repository.cachedLeaderboard(userId: userId),
           BrainyDateFormat.day(cached.fetchedAt, timeZone: .gmt) == BrainyDateFormat.day(now(), timeZone: .gmt) {
            return .alreadyFetchedToday
        }
        let board = try remote.authorized(api, watch) { api, token in try await api.call(API.dailyLeaderboard, accessToken: token) }
        try repository.saveLeaderboard(board, userId: userId, now: now())
        return .fetched(rank: board.you?.rank)
    }
}
