import BrainyKit

/// `format <stage|individual>`: stages of five in order, or one-off quizzes.
enum FormatCommand: ShellCommand {
    static let name = CommandName.format
    static let usage = "format <\(QuizFormat.allCases.map(\.rawValue).joinedText(separator: "|"))>"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "스테이지 / 개별 형식", en: "stage or individual format")
    static let details = Localized(ko: "스테이지: 난이도 순 5문제, 4문제 이상 맞히면 다음 스테이지가 열립니다.",
                                   en: "Stage: five questions by difficulty; four right unlocks the next stage.")

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        previous.isEmpty ? QuizFormat.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard let word = arguments.first else { throw missingArgument }
        guard let format = QuizFormat(parsing: word) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: QuizFormat.typedNames)
        }
        try context.apply(.formatChosen(format))
        try ReadyNotice.show(in: context)
        return .proceed
    }
}
