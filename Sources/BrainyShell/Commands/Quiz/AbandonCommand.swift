import BrainyKit

/// `abandon`: leaves the quiz; the answers so far stay in the history.
enum AbandonCommand: ShellCommand {
    static let name = CommandName.abandon
    static let usage = "abandon"
    static let summary = Localized(ko: "퀴즈 그만두기", en: "leave the quiz")
    static let details = Localized(ko: "지금까지의 답은 기록에 남습니다.", en: "The answers so far stay in your history.")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        try context.apply(.abandonRequested(at: context.now))
        return .proceed
    }
}
