import BrainyKit

/// `skip`: skip this question (counts as not right).
enum SkipCommand: ShellCommand {
    static let name = CommandName.skip
    static let usage = "skip"
    static let summary = Localized(ko: "이 문제 건너뛰기 (오답 처리)", en: "skip this question (counts as not right)")

    static func run(_ arguments: CommandArguments, in session: ShellSession) throws -> CommandOutcome {
        try session.apply(.skipRequested(at: session.now))
        return .proceed
    }
}
