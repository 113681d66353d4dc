import BrainyKit

/// `start [random|unsolved|adaptive] [count]`: deals the quiz and shows its first question.
enum StartCommand: ShellCommand {
    static let name = CommandName.start
    static let usage = "start [\(QuestionSelection.typedNames.joinedText(separator: "|"))] [count]"
    static let summary = Localized(ko: "퀴즈 시작 (전체 무작위 / 풀었던 것 제외 / 맞춤: 정답률 70% 근처)",
                                   en: "begin the quiz (any question / only unanswered ones / adaptive: right about 70% of the time)")
    static let details = Localized(ko: "개수를 빼면 설정의 기본값을 씁니다. 스테이지 형식은 다음 열린 스테이지를 시작합니다.",
                                   en: "Without a count the default from settings is used. In stage format the next unlocked stage starts.")
    /// How many questions one quiz may have.
    static let counts = 1...50

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        QuestionSelection.typedNames.filter { !previous.contains($0) } + ["5", "10", "20"]
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        var selection = context.settings.defaultSelection
        var count = context.settings.defaultCount
        let console = context.console
        if context.flow.setup?.format == .stage, !arguments.isEmpty {
            let words = arguments.words.joined(separator: " ")
            console.line(console.paint(console.text(Localized(
                ko: "스테이지 형식은 다음 스테이지의 5문제를 차례로 냅니다 (\(Josa.attach(words, .topic)) 쓰이지 않습니다).",
                en: "Stage format plays the next stage's five questions in order (\(words) is not used).")), \.muted))
        }
        for word in arguments.words {
            if let chosen = QuestionSelection(parsing: word) {
                selection = chosen
            } else if let number = Int(word), counts.contains(number) {
                count = number
            } else {
                throw ShellError.invalidArgument(command: name.rawValue, value: word,
                                                  expected: QuestionSelection.typedNames + ["\(counts.lowerBound)–\(counts.upperBound)"])
            }
        }
        try context.apply(.startRequested(selection: selection, count: count))
        return .proceed
    }
}
