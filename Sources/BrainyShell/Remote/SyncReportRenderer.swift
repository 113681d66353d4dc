import BrainyAPI
import BrainyKit
import Foundation

/// Says a `SyncReport` on the console, in the user's language: what the sync had to say along the way (warnings),
/// then one summary line, `✔ Synced · ↑ 5 results uploaded (120/s) · …`. Draws the progress bars while it runs.
struct SyncReportRenderer {
    let console: Console

    /// The notices, then the summary line.
    func render(_ report: SyncReport) {
        renderNotices(report)
        var summary = parts(of: report)
        guard report.signedIn else {
            return console.line(console.paint("✔ ", \.success) + summary.joined(separator: " · "))
        }
        let skipped = report.skipped.map { console.text($0.name) }
        if !skipped.isEmpty {
            summary.append(console.text(Localized(ko: "건너뜀: \(skipped.joined(separator: ", "))",
                                                  en: "skipped: \(skipped.joined(separator: ", "))")))
        }
        console.line(console.paint("✔ ", \.success) + console.text(Localized(ko: "동기화 완료", en: "Synced")) + " · "
                     + summary.joined(separator: " · "))
    }

    /// What the sync had to say along the way, in order (all a stopped sync says before its error).
    func renderNotices(_ report: SyncReport) {
        for notice in report.notices { console.line(line(for: notice)) }
    }

    /// Draws the progress of a long sync (a bar with count and rate), or ends it.
    func progress(_ progress: SyncProgress) {
        switch progress {
        case let .uploading(sent, total, perSecond):
            guard total > 0 else { return }
            let bar = TableRenderer.bar(Double(sent) / Double(total), width: 24)
            console.progress(console.text(Localized(ko: "올리는 중 ", en: "Uploading ")) + "[\(bar)] "
                             + "\(sent.grouped)/\(total.grouped) · \(perSecond.grouped)/s")
        case let .downloading(received, expected, perSecond):
            var text = console.text(Localized(ko: "받는 중 ", en: "Downloading "))
            if let expected, expected > 0 {
                let bar = TableRenderer.bar(min(1, Double(received) / Double(expected)), width: 24)
                text += "[\(bar)] \(received.grouped)/\(expected.grouped)"
            } else {
                text += received.grouped
            }
            console.progress(text + " · \(perSecond.grouped)/s")
        case .ended:
            console.endProgress()
        }
    }

    private func line(for notice: SyncReport.Notice) -> String {
        switch notice {
        case let .configChanged(change):
            return console.paint("• ", \.accent) + console.text(change)
        case let .resultsRefused(refused, reasons):
            // An older server gives no reasons: then only another account's ids were refused.
            let why = (reasons.isEmpty ? [.idTaken] : reasons).map(RefusalReasonPhrase.of)
            return warning(Localized(
                ko: "서버가 결과 \(refused.grouped)개를 거절했습니다 (\(why.map(\.ko).joined(separator: ", "))). 이 기기에 그대로 남겨 둡니다.",
                en: "The server refused \(refused.counted("result")) (\(why.map(\.en).joined(separator: "; "))); they stay on this device."))
        case let .uploadStopped(sent, total):
            let left = total - sent
            return warning(Localized(
                ko: "동기화를 멈췄습니다: 결과 \(total.grouped)개 중 \(sent.grouped)개를 올렸고, 나머지 \(left.grouped)개는 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "Sync stopped: \(sent.grouped) of \(total.counted("result")) sent; the other \(left.grouped) stay on this device and go with the next 'sync'."))
        case let .downloadStopped(added):
            return warning(Localized(
                ko: "받기를 멈췄습니다: 결과 \(added.results.grouped)개, 퀴즈 \(added.quizzes.grouped)개를 받아 두었습니다. 다음 'sync'가 멈춘 곳부터 이어 받습니다.",
                en: "Download stopped: \(added.results.counted("result")) and \(added.quizzes.counted("quiz", "quizzes")) kept; the next 'sync' goes on from there."))
        case let .adRewardRefused(sponsor, reason, taken):
            let why = RefusalReasonPhrase.of(reason)
            return warning(Localized(
                ko: "서버가 광고 '\(AdCard.clean(sponsor))'의 보상을 확인하지 않았습니다 (\(why.ko)): 힌트 \(taken)개를 돌려놓았습니다.",
                en: "The server did not confirm the reward for the ad '\(AdCard.clean(sponsor))' (\(why.en)): \(taken) hint\(taken == 1 ? "" : "s") taken back."))
        case .adsUnanswered:
            let word = console.text(SyncReport.Part.ads.name)
            return warning(Localized(
                ko: "\(word) 건너뜀: 서버가 답하지 않았습니다. 광고 기록은 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "Skipped \(word): the server did not answer. Ad events stay on this device for the next 'sync'."))
        case let .creditsRefused(amount, reason):
            let why = RefusalReasonPhrase.of(reason)
            return warning(Localized(
                ko: "서버가 힌트 \(amount)개를 확인하지 못했습니다 (\(why.ko)): 이 기기에서도 더는 세지 않습니다.",
                en: "The server could not verify \(amount) hint credit\(amount == 1 ? "" : "s") (\(why.en)); they no longer count on this device either."))
        case let .skipped(part, error):
            let word = console.text(part.name)
            return console.paint(console.text(Localized(ko: "\(word) 건너뜀: ", en: "Skipped \(word): "))
                                 + console.text(ErrorMessage.of(error)), \.warning)
        }
    }

    private func warning(_ text: Localized) -> String {
        console.paint(console.text(text), \.warning)
    }

    /// The summary's parts, in the order the sync runs them.
    private func parts(of report: SyncReport) -> [String] {
        var parts: [String] = []
        if let upload = report.upload {
            if upload.total == 0 {
                parts.append(console.text(Localized(ko: "↑ 올릴 결과 없음", en: "↑ nothing to upload")))
            } else {
                let sent = upload.sent
                let rate = upload.perSecond.grouped
                parts.append(console.text(Localized(ko: "↑ 결과 \(sent.grouped)개 올림 (\(rate)/s)",
                                                    en: "↑ \(sent.grouped) result\(sent == 1 ? "" : "s") uploaded (\(rate)/s)")))
            }
        }
        if let held = report.serverHolds {
            parts.append(console.text(Localized(
                ko: "서버에 답 \(held.results.grouped)개 · 퀴즈 \(held.quizzes.grouped)개",
                en: "the server holds \(held.results.grouped) answer\(held.results == 1 ? "" : "s") and \(held.quizzes.grouped) quiz\(held.quizzes == 1 ? "" : "zes")")))
        }
        if let added = report.download { parts.append(download(added)) }
        switch report.config {
        case let .fetched(version)?: parts.append(console.text(Localized(ko: "설정 \(version)", en: "config \(version)")))
        case let .unchanged(version)?:
            parts.append(console.text(Localized(ko: "설정 \(version) 그대로", en: "config \(version) unchanged")))
        case nil: break
        }
        switch report.pack {
        case let .unchanged(version)?:
            parts.append(console.text(Localized(ko: "문제 팩 \(version) 그대로", en: "pack \(version) unchanged")))
        case let .imported(version, count)?:
            parts.append(console.text(Localized(ko: "문제 팩 \(version) 받음 (\(count.grouped)문제)",
                                                en: "pack \(version) imported (\(count.counted("question")))")))
        case nil: break
        }
        if report.quizTicketsFetched > 0 {
            let count = report.quizTicketsFetched
            parts.append(console.text(Localized(ko: "퀴즈 티켓 \(count)장 받음",
                                                en: "\(count) quiz ticket\(count == 1 ? "" : "s") fetched")))
        }
        if report.questionRatingsImported > 0 {
            let count = report.questionRatingsImported.grouped
            parts.append(console.text(Localized(ko: "문제 난이도 \(count)개 받음", en: "\(count) question ratings")))
        }
        if report.adEventsSent > 0 {
            let sent = report.adEventsSent
            let confirmed = report.adRewardsConfirmed
            parts.append(console.text(Localized(
                ko: "광고 기록 \(sent)개 올림" + (confirmed > 0 ? " (보상 \(confirmed)개 확인)" : ""),
                en: "\(sent) ad event\(sent == 1 ? "" : "s") sent"
                    + (confirmed > 0 ? " (\(confirmed) reward\(confirmed == 1 ? "" : "s") confirmed)" : ""))))
        }
        if let taken = report.settingsTaken, taken > 0 {
            parts.append(console.text(Localized(ko: "다른 기기의 설정 \(taken)개 적용",
                                                en: "\(taken) setting\(taken == 1 ? "" : "s") from another device")))
        }
        if let moved = report.stagesMoved, moved > 0 {
            parts.append(console.text(Localized(ko: "스테이지 진행 \(moved)개 받음",
                                                en: "stage progress in \(moved) categor\(moved == 1 ? "y" : "ies") restored")))
        }
        if let credits = report.credits { parts.append(self.credits(credits)) }
        switch report.leaderboard {
        case .alreadyFetchedToday?:
            parts.append(console.text(Localized(ko: "순위표는 오늘 받은 것", en: "leaderboard already fetched today")))
        case let .fetched(rank)?:
            let place = rank.map { console.text(Localized(ko: "내 순위 \($0)위", en: "you are #\($0)")) }
                ?? console.text(Localized(ko: "오늘 기록 없음", en: "no score today yet"))
            parts.append(console.text(Localized(ko: "순위표 받음", en: "leaderboard fetched")) + " (\(place))")
        case nil: break
        }
        return parts
    }

    /// "↓ 340 results, 41 quizzes", or that nothing was new.
    private func download(_ added: DownloadedCounts) -> String {
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

    /// "hints: 4 (↑ 2 · ↓ 3)", and how many of the account's events this shell cannot read yet ("1 needs a newer
    /// brainy"): they do not count here until it can.
    private func credits(_ outcome: CreditSync.Outcome) -> String {
        var moved: [String] = []
        if outcome.sent > 0 { moved.append("↑ \(outcome.sent.grouped)") }
        if outcome.received > 0 { moved.append("↓ \(outcome.received.grouped)") }
        if outcome.notUnderstood > 0 {
            let count = outcome.notUnderstood
            moved.append(console.text(Localized(ko: "\(count.grouped)개는 새 버전의 brainy가 필요",
                                                en: "\(count.grouped) need\(count == 1 ? "s" : "") a newer brainy")))
        }
        let tail = moved.isEmpty ? "" : " (\(moved.joined(separator: " · ")))"
        return console.text(Localized(ko: "힌트 \(outcome.balance)개", en: "hints: \(outcome.balance)")) + tail
    }
}
