import BrainyAPI
import BrainyKit
@testable import BrainyShell
import Testing

/// A sync's report said in both languages: its notices in order, then one summary line with the parts in the order
/// the sync runs them and the skipped parts last.
@Suite struct SyncReportRendererTests {
    static let busy = ShellError.serverBusy("http://127.0.0.1:8080")

    static var report: SyncReport {
        var report = SyncReport()
        report.upload = SyncReport.Upload(total: 6, sent: 5, refused: 1, reasons: [], perSecond: 120)
        report.serverHolds = ResultSummaryResponse(results: 5, correct: 3, quizzes: 1, lastAnsweredAt: nil)
        report.download = DownloadedCounts(quizzes: 1, results: 3)
        report.config = .fetched(version: "2026.1")
        report.pack = .unchanged(version: "core-1")
        report.quizTicketsFetched = 2
        report.adEventsSent = 1
        report.adRewardsConfirmed = 1
        report.settingsTaken = 0
        report.stagesMoved = 1
        report.credits = CreditSync.Outcome(sent: 2, received: 0, balance: 4)
        report.leaderboard = .fetched(rank: 3)
        report.notices = [.resultsRefused(count: 1, reasons: []), .skipped(.questionRatings, busy)]
        return report
    }

    static func said(_ report: SyncReport, in language: Language) -> [String] {
        let console = Console(language: language, theme: .system, colorEnabled: false, capturing: true)
        SyncReportRenderer(console: console).render(report)
        return console.captured.split(separator: "\n").map(String.init)
    }

    @Test func aReportIsSaidInEnglish() {
        #expect(Self.said(Self.report, in: .en) == [
            "The server refused 1 result (another account holds the same record); they stay on this device.",
            "Skipped question ratings: " + ErrorMessage.of(Self.busy).en,
            "✔ Synced · ↑ 5 results uploaded (120/s) · the server holds 5 answers and 1 quiz · ↓ 3 results, 1 quiz"
                + " · config 2026.1 · pack core-1 unchanged · 2 quiz tickets fetched · 1 ad event sent (1 reward confirmed)"
                + " · stage progress in 1 category restored · hints: 4 (↑ 2) · leaderboard fetched (you are #3)"
                + " · skipped: question ratings",
        ])
    }

    @Test func aReportIsSaidInKorean() {
        #expect(Self.said(Self.report, in: .ko) == [
            "서버가 결과 1개를 거절했습니다 (같은 기록이 다른 계정에 있습니다). 이 기기에 그대로 남겨 둡니다.",
            "문제 난이도 건너뜀: " + ErrorMessage.of(Self.busy).ko,
            "✔ 동기화 완료 · ↑ 결과 5개 올림 (120/s) · 서버에 답 5개 · 퀴즈 1개 · ↓ 결과 3개, 퀴즈 1개 · 설정 2026.1"
                + " · 문제 팩 core-1 그대로 · 퀴즈 티켓 2장 받음 · 광고 기록 1개 올림 (보상 1개 확인) · 스테이지 진행 1개 받음"
                + " · 힌트 4개 (↑ 2) · 순위표 받음 (내 순위 3위) · 건너뜀: 문제 난이도",
        ])
    }

    @Test func aSyncSignedOutSaysOnlyTheConfig() {
        var report = SyncReport()
        report.signedIn = false
        report.config = .unchanged(version: "2026.1")
        report.notices = [.configChanged(Localized(ko: "점검이 끝났습니다.", en: "Maintenance is over."))]
        #expect(Self.said(report, in: .en) == ["• Maintenance is over.", "✔ config 2026.1 unchanged"])
        #expect(Self.said(report, in: .ko) == ["• 점검이 끝났습니다.", "✔ 설정 2026.1 그대로"])
    }

    @Test func aStoppedSyncSaysWhatItDidUntilThen() {
        var report = SyncReport()
        report.notices = [.uploadStopped(sent: 8, total: 10), .downloadStopped(kept: DownloadedCounts(quizzes: 1, results: 2)),
                          .adsUnanswered, .creditsRefused(amount: 1, reason: .other),
                          .adRewardRefused(sponsor: "Brainy", reason: .other, taken: 2)]
        let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        SyncReportRenderer(console: console).renderNotices(report)
        #expect(console.captured.split(separator: "\n").map(String.init) == [
            "Sync stopped: 8 of 10 results sent; the other 2 stay on this device and go with the next 'sync'.",
            "Download stopped: 2 results and 1 quiz kept; the next 'sync' goes on from there.",
            "Skipped ads: the server did not answer. Ad events stay on this device for the next 'sync'.",
            "The server could not verify 1 hint credit (the server did not accept it); they no longer count on this device either.",
            "The server did not confirm the reward for the ad 'Brainy' (the server did not accept it): 2 hints taken back.",
        ])
        #expect(report.skipped == [.ads])
    }

    /// Each reason a server gave, in words and in both languages; one of a newer server's in plain words.
    @Test func refusedResultsSayEachReason() {
        var report = SyncReport()
        report.notices = [.resultsRefused(count: 3, reasons: [.implausibleTime, .inTheFuture, .other])]
        var console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        SyncReportRenderer(console: console).renderNotices(report)
        #expect(console.captured == "The server refused 3 results (a time on one question longer than any real play;"
                + " dated later than the server's clock; the server did not accept it); they stay on this device.\n")
        console = Console(language: .ko, theme: .system, colorEnabled: false, capturing: true)
        SyncReportRenderer(console: console).renderNotices(report)
        #expect(console.captured == "서버가 결과 3개를 거절했습니다 (한 문제에 실제 풀이로 볼 수 없을 만큼 오래 걸렸습니다,"
                + " 서버의 시계보다 나중 시각으로 기록되었습니다, 서버가 인정하지 않았습니다). 이 기기에 그대로 남겨 둡니다.\n")
    }

    /// Ledger events of a kind this shell cannot read yet are said beside the balance.
    @Test func eventsOfAnUnknownKindAreSaidBesideTheBalance() {
        var report = SyncReport()
        report.upload = SyncReport.Upload(total: 0)
        report.credits = CreditSync.Outcome(received: 1, notUnderstood: 2, balance: 4)
        #expect(Self.said(report, in: .en) == ["✔ Synced · ↑ nothing to upload · hints: 4 (↓ 1 · 2 need a newer brainy)"])
        #expect(Self.said(report, in: .ko) == ["✔ 동기화 완료 · ↑ 올릴 결과 없음 · 힌트 4개 (↓ 1 · 2개는 새 버전의 brainy가 필요)"])
        report.credits = CreditSync.Outcome(notUnderstood: 1, balance: 4)
        #expect(Self.said(report, in: .en) == ["✔ Synced · ↑ nothing to upload · hints: 4 (1 needs a newer brainy)"])
    }
}
