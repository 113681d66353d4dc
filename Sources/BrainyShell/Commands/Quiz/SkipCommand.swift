import BrainyKit

/// `skip`: skip this question (counts as not right).
enum SkipCommand: ShellCommand {
    static let name = CommandName.skip
    static let usage = "skip"
    static let summary = Localized(ko: "이 문제 건너뛰기 (오답 처리)", en: "skip this question (counts as not right)")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        // While a rewarded ad runs, `skip` stops the ad (no reward), not the question.
        if context.flow.state == .watchingAd {
            try context.ads.skip(via: .skip)
            return .proceed
        }
        try context.apply(.skipRequested(at: context.now))
        return .proceed
    }
}
