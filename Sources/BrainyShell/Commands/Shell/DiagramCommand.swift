import BrainyKit

/// `diagram [mermaid|dot]`: the state machine drawn from the transition table, the current state marked.
enum DiagramCommand: ShellCommand {
    static let name = CommandName.diagram
    static let usage = "diagram [\(StateDiagram.Style.allCases.map(\.rawValue).joinedText(separator: "|"))]"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "상태 기계 그림 (전이 표에서 생성)", en: "the state machine, generated from the transition table")
    static let details = Localized(ko: "현재 상태가 강조됩니다.", en: "The current state is highlighted.")

    static func completions(after previous: [String], in context: ShellContext) -> [String] {
        previous.isEmpty ? StateDiagram.Style.allCases.map(\.rawValue) : []
    }

    static func isPaged(_ arguments: CommandArguments) -> Bool { true }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        let word = arguments.first?.lowercased() ?? StateDiagram.Style.mermaid.rawValue
        guard let style = StateDiagram.Style(rawValue: word) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word,
                                              expected: StateDiagram.Style.allCases.map(\.rawValue))
        }
        context.console.data(StateDiagram.render(style, current: context.flow.state, includeQA: context.options.qaEnabled))
        return .proceed
    }
}
