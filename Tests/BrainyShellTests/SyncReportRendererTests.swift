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
            "The server refused 1 (id_taken); they stay on this device.",
            "Skipped question ratings: " + ErrorMessage.of(Self.busy).en,
            "✔ Synced · ↑ 5 results uploaded (120/s) · the server holds 5 answers and 1 quiz · ↓ 3 results, 1 quiz"
                + " · config 2026.1 · pack core-1 unchanged · 2 quiz tickets fetched · 1 ad event sent (1 reward confirmed)"
                + " · stage progress in 1 category restored · hints: 4 (↑ 2) · leaderboard fetched (you are #3)"
                + " · skipped: question ratings",
        ])
    }

    @Test func aReportIsSaidInKorean() {
        #expect(Self.said(Self.report, in: .ko) == [
            "서버가 1개를 거절했습니다 (id_taken). 이 기기에 그대로 남겨 둡니다.",
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
                          .adsUnanswered, .creditsRefused(amount: 1, reason: "unverified"),
                          .adRewardRefused(sponsor: "Brainy", reason: "token_unknown", taken: 2)]
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
}
