import BrainyKit

/// `mode <type>`: chooses the quiz type (객관식, 주관식, 음성모드, AI모드).
enum ModeCommand: ShellCommand {
    static let name = CommandName.mode
    static let usage = "mode <객관식|주관식|음성모드|AI모드 / mc|short|voice|ai>"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "퀴즈 유형 고르기", en: "choose the quiz type")
    static let details = Localized(
        ko: "객관식(mc), 주관식(short), 음성모드(voice: 문제와 보기를 읽어 주고, 답은 입력하거나 speak로 말하거나 'answer --audio 파일.wav'로), "
            + "AI모드(ai: 내장 지식 베이스나 --ai-url 언어 모델이 만든 문제를, 정답률 70% 근처가 되도록 골라 줍니다).",
        en: "Multiple choice (mc), short answer (short), voice (questions and options read aloud; answer by typing, by "
            + "'speak', or with 'answer --audio FILE.wav') and AI (questions made from the bundled knowledge base or by the "
            + "--ai-url language model, chosen so that you are right about 70% of the time).")

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        previous.isEmpty ? QuizType.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard let word = arguments.first else { throw missingArgument }
        guard let type = QuizType(parsing: word) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: QuizType.typedNames)
        }
        let flags = context.config.featureFlags
        if type == .voice && !flags[.voiceMode] || type == .ai && !flags[.aiQuiz] { throw BrainyError.quizTypeDisabled(type) }
        try context.apply(.modeChosen(type))
        context.console.line(Localized(ko: "\(Josa.attach(type.name.ko, .object)) 골랐습니다. 카테고리를 고르세요: ",
                                       en: "\(type.name.en.prefix(1).uppercased() + type.name.en.dropFirst()) chosen. Choose a category: ")
                             + Localized(ko: QuizCategory.allCases.map(\.name.ko).joined(separator: ", "),
                                         en: QuizCategory.allCases.map(\.name.en).joined(separator: ", ")))
        return .proceed
    }
}
