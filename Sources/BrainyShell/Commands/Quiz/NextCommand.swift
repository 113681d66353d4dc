import BrainyKit

/// `next`: next question (or the summary after the last).
enum NextCommand: ShellCommand {
    static let name = CommandName.next
    static let usage = "next"
    static let summary = Localized(ko: "다음 문제 (마지막이면 결과)", en: "next question (or the summary after the last)")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        try context.apply(.nextRequested(at: context.now))
        return .proceed
    }
}
