import BrainyKit

/// `hint`: two wrong options removed, or the answer's initials; hints are earned by finishing with 80%.
enum HintCommand: ShellCommand {
    static let name = CommandName.hint
    static let usage = "hint"
    static let summary = Localized(ko: "힌트 사용 (객관식: 오답 2개 제거, 주관식: 초성)", en: "use a hint (multiple choice: two wrong options removed; short answer: initials)")
    static let details = Localized(ko: "힌트는 80% 이상 맞히고 퀴즈를 마치면 하나씩 생깁니다.", en: "You earn a hint for each quiz finished with 80% or more.")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        try context.refreshHintCredits()
        do {
            try context.apply(.hintRequested(using: context.drawGenerator()))
        } catch BrainyError.noHintCredits where context.ads.isEnabled {
            // With ads on, no credits is an offer rather than a refusal.
            context.console.line(Localized(ko: "힌트가 없습니다. 광고를 보고 힌트를 받을까요? (ad watch)",
                                           en: "No hints left. Watch an ad for a hint? (ad watch)"))
        }
        return .proceed
    }
}
