import BrainyKit
import Foundation

/// `stats`: accuracy per category as a bar chart, streaks, time spent.
enum StatsCommand: ShellCommand {
    static let name = CommandName.stats
    static let usage = "stats"
    static let maximumWords: Int? = 0
    static let summary = Localized(ko: "카테고리별 정답률, 연속 학습일, 학습 시간", en: "accuracy per category, streak, time spent")

    static func run(_ arguments: CommandArguments, in context: RecordsContext) throws -> CommandOutcome {
        try show(in: context)
        return .proceed
    }

    private static func show(in context: RecordsContext) throws {
        let console = context.console
        guard let user = context.flow.user else { return }
        let stats = try context.records.stats(userId: user.id, now: context.now, timeZone: context.timeZone)
        let language = console.language
        switch context.outputFormat {
        case .json:
            var report = Report.Stats(stats)
            report.ratings = Dictionary(uniqueKeysWithValues: try context.records.playerRatings(userId: user.id)
                .map { ($0.key.rawValue, $0.value.points) })
            return console.data(Report.json(report))
        case .plain:
            var pairs: [[String]] = [
                ["quizzes", String(stats.quizzes)], ["answered", String(stats.answered)], ["correct", String(stats.correct)],
                ["accuracy", String(format: "%.3f", stats.accuracy)], ["time_spent_seconds", String(format: "%.1f", stats.timeSpent)],
                ["current_streak_days", String(stats.currentStreak)], ["best_streak_days", String(stats.bestStreak)],
            ]
            for category in stats.perCategory {
                let key = "category.\(category.category.rawValue)."
                pairs += [[key + "answered", String(category.answered)], [key + "correct", String(category.correct)],
                          [key + "accuracy", String(format: "%.3f", category.accuracy)]]
            }
            for (category, rating) in try context.records.playerRatings(userId: user.id).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                pairs.append(["rating.\(category.rawValue)", String(rating.points)])
            }
            for mode in stats.perType {
                let key = "mode.\(mode.type.rawValue)."
                pairs += [[key + "quizzes", String(mode.quizzes)], [key + "answered", String(mode.answered)],
                          [key + "correct", String(mode.correct)], [key + "accuracy", String(format: "%.3f", mode.accuracy)]]
            }
            return console.data(Report.plain(["key", "value"], pairs))
        case .table: break
        }
        console.line(console.paint(console.text(Localized(ko: "━━ 통계 ━━", en: "━━ Stats ━━")), \.accent))
        console.line(console.text(Localized(
            ko: "퀴즈 \(stats.quizzes)개 · 문제 \(stats.answered)개 · 정답 \(stats.correct)개 · 정답률 "
                + (stats.answered == 0 ? "—" : "\(Percent.text(stats.accuracy))"),
            en: "\(stats.quizzes) quiz\(stats.quizzes == 1 ? "" : "zes") · \(stats.answered) answered · \(stats.correct) right · "
                + (stats.answered == 0 ? "— accuracy" : "\(Percent.text(stats.accuracy)) accuracy"))))
        console.line(console.text(Localized(
            ko: "연속 학습: 현재 \(stats.currentStreak)일 · 최고 \(stats.bestStreak)일 · 학습 시간 ",
            en: "Streak: \(stats.currentStreak) day\(stats.currentStreak == 1 ? "" : "s") now · best \(stats.bestStreak) · time spent "))
            + DurationFormat.short(stats.timeSpent, language))
        console.line()
        let nameWidth = QuizCategory.allCases.map { $0.name[language].displayWidth }.max() ?? 6
        for category in stats.perCategory {
            let percent = category.answered == 0 ? "  —" : String(format: "%3d%%", Int((category.accuracy * 100).rounded()))
            let bar = category.answered == 0 ? console.paint(TableRenderer.bar(0), \.muted)
                : console.paint(TableRenderer.bar(category.accuracy), category.accuracy >= 0.6 ? \.success : \.warning)
            console.line(category.category.name[language].padded(toWidth: nameWidth) + "  " + bar + " " + percent
                         + console.paint("  \(category.correct)/\(category.answered)", \.muted))
        }
        modes(stats, in: context)
        try ratings(of: user.id, in: context)
        if let last = stats.lastPlayedAt {
            console.line()
            console.line(console.paint(console.text(Localized(ko: "마지막 플레이: ", en: "Last played: "))
                                       + BrainyDateFormat.minute(last, timeZone: context.timeZone), \.muted))
        }
    }

    /// Accuracy per quiz type played, under the categories.
    private static func modes(_ stats: UserStats, in context: RecordsContext) {
        let console = context.console
        let language = console.language
        guard !stats.perType.isEmpty else { return }
        console.line()
        console.line(console.paint(console.text(Localized(ko: "모드별", en: "By mode")), \.muted))
        let nameWidth = stats.perType.map { $0.type.name[language].displayWidth }.max() ?? 6
        for mode in stats.perType {
            let percent = mode.answered == 0 ? "  —" : String(format: "%3d%%", Int((mode.accuracy * 100).rounded()))
            let bar = console.paint(TableRenderer.bar(mode.answered == 0 ? 0 : mode.accuracy),
                                    mode.answered == 0 ? \.muted : (mode.accuracy >= 0.6 ? \.success : \.warning))
            console.line(mode.type.name[language].padded(toWidth: nameWidth) + "  " + bar + " " + percent
                         + console.paint("  \(mode.correct)/\(mode.answered) · "
                                         + console.text(Localized(ko: "퀴즈 \(mode.quizzes)개", en: "\(mode.quizzes) quiz\(mode.quizzes == 1 ? "" : "zes")")),
                                         \.muted))
        }
    }

    /// The learner model's rating per category played (1500 is average), and how the last quiz moved it.
    private static func ratings(of userId: String, in context: RecordsContext) throws {
        let console = context.console
        let language = console.language
        let ratings = try context.records.playerRatings(userId: userId)
        guard !ratings.isEmpty else { return }
        console.line()
        console.line(console.paint(console.text(Localized(ko: "실력 점수 (1500이 평균, 맞춤 문제가 이 점수를 따라갑니다)",
                                                          en: "Rating (1500 is average; adaptive questions follow it)")), \.muted))
        let nameWidth = QuizCategory.allCases.map { $0.name[language].displayWidth }.max() ?? 6
        for category in QuizCategory.allCases {
            guard let rating = ratings[category] else { continue }
            let history = try context.records.ratingHistory(userId: userId, category: category, limit: 2)
            var moved = ""
            if history.count == 2 {
                let change = history[1].points - history[0].points
                moved = change == 0 ? "  =" : (change > 0 ? "  ▲\(change)" : "  ▼\(-change)")
            }
            console.line(category.name[language].padded(toWidth: nameWidth) + "  " + String(rating.points)
                         + console.paint(moved, moved.contains("▼") ? \.warning : \.success)
                         + console.paint(console.text(Localized(ko: "  (답 \(rating.answers)개)", en: "  (\(rating.answers.counted("answer")))")),
                                         \.muted))
        }
    }
}
