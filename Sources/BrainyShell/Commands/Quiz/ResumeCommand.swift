import BrainyKit

/// `resume`: continue an interrupted quiz.
enum ResumeCommand: ShellCommand {
    static let name = CommandName.resume
    static let usage = "resume"
    static let summary = Localized(ko: "중단된 퀴즈 이어 풀기", en: "continue an interrupted quiz")

    static func run(_ arguments: CommandArguments, in session: ShellSession) throws -> CommandOutcome {
        try session.apply(.resumeRequested(at: session.now))
        return .proceed
    }
}
