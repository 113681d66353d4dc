import BrainyKit

/// `answer <text or option number>`; while a question is open a bare line that is no command is an answer too.
enum AnswerCommand: ShellCommand {
    static let name = CommandName.answer
    static let usage = "answer <text or option number>"
    static let summary = Localized(ko: "답 제출 (문제 중에는 명령이 아닌 줄도 답으로 처리)", en: "submit (while a question is open, a line that is not a command is an answer too)")
    static let details = Localized(ko: "객관식은 번호나 보기 내용을, 주관식은 답을 입력합니다.", en: "Multiple choice: a number or the option's text. Short answer: the answer.")

    static func completions(after previous: [String], in session: ShellSession) -> [String] {
        guard let play = session.flow.play, play.quiz.type == .multipleChoice else { return [] }
        return play.shownOptions(in: session.console.language)
    }

    static func run(_ arguments: CommandArguments, in session: ShellSession) throws -> CommandOutcome {
        try submit(arguments.text, in: session)
    }

    static func submit(_ text: String, in session: ShellSession) throws -> CommandOutcome {
        guard !text.isEmpty else { throw BrainyError.emptyAnswer }
        try session.apply(.answerSubmitted(text, at: session.now))
        return .proceed
    }
}
