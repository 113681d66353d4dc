import BrainyKit

/// `resume`: continue an interrupted quiz.
enum ResumeCommand: ShellCommand {
    static let name = CommandName.resume
    static let usage = "resume"
    static let summary = Localized(ko: "중단된 퀴즈 이어 풀기", en: "continue an interrupted quiz")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        try context.apply(.resumeRequested(at: context.now))
        return .proceed
    }
}
