import BrainyKit

/// `category <name>`: chooses the category, in Korean or English.
enum CategoryCommand: ShellCommand {
    static let name = CommandName.category
    static let aliases = ["cat"]
    static let usage = "category <\(QuizCategory.allCases.map(\.name.ko).joinedText(separator: "|")) / \(QuizCategory.allCases.map(\.name.en).joinedText(separator: "|"))>"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "카테고리 고르기 (Tab으로 완성)", en: "choose the category (Tab completes)")
    static let details = Localized(ko: "한국어나 영어 이름 모두 됩니다.", en: "Korean or English names both work.")

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        previous.isEmpty ? QuizCategory.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard let word = arguments.first else { throw missingArgument }
        guard let category = QuizCategory(parsing: word), context.config.categories.contains(category) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: QuizCategory.typedNames)
        }
        try context.apply(.categoryChosen(category))
        try ReadyNotice.show(in: context)
        return .proceed
    }
}
