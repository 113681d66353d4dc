import BrainyCommandLine
import BrainyKit

/// `help [command]`: the commands allowed now, or one command in detail.
enum HelpCommand: ShellCommand {
    static let name = CommandName.help
    static let aliases = ["?", "\\?", "\\h"]
    static let usage = "help [command]"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "지금 쓸 수 있는 명령, 또는 한 명령의 자세한 설명", en: "commands valid now, or one command in detail")
    static let details = Localized(ko: "예: help start, \\h start", en: "Example: help start, \\h start")

    static func completions(after previous: [String], in context: ShellContext) -> [String] {
        guard previous.isEmpty else { return [] }
        return CommandRegistry.commands.map { $0.name }.filter { context.options.qaEnabled || !$0.isQA }.map(\.rawValue)
    }

    /// Longer than a small terminal in some states: through the pager then (it prints at once when it fits).
    static func isPaged(_ arguments: CommandArguments) -> Bool { true }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        if let topic = arguments.first {
            try explain(topic, in: context)
        } else {
            list(in: context)
        }
        return .proceed
    }

    private static func explain(_ topic: String, in context: ShellContext) throws {
        let console = context.console
        let flow = context.flow
        guard let command = CommandRegistry.command(named: topic), !command.name.isQA || context.options.qaEnabled else {
            throw ShellError.unknownCommand(topic, suggestion: CommandRegistry.suggestion(for: topic, includeQA: context.options.qaEnabled))
        }
        console.line(console.paint(command.usage, \.emphasis))
        console.line("  " + console.text(command.summary))
        if !console.text(command.details).isEmpty { console.line("  " + console.text(command.details)) }
        if !command.aliases.isEmpty {
            console.line(console.paint("  " + console.text(Localized(ko: "다른 이름: ", en: "aliases: "))
                                       + command.aliases.joinedText(separator: ", "), \.muted))
        }
        if !TransitionTable.allows(command.name, in: flow.state) {
            console.line(console.paint("  " + console.text(Localized(
                ko: "지금(\(flow.state.name.ko))은 쓸 수 없습니다.", en: "Not allowed now (\(flow.state.name.en)).")), \.warning))
        }
    }

    private static func list(in context: ShellContext) {
        let console = context.console
        let flow = context.flow
        console.line(console.paint(console.text(Localized(ko: "지금 쓸 수 있는 명령", en: "Commands you can use now"))
                                   + " (\(console.text(flow.state.name))):", \.emphasis))
        let allowed = context.allowedCommands.map(CommandRegistry.command)
        func shownUsage(_ command: any ShellCommand.Type) -> String {
            command.usage.displayWidth > 40 ? command.name.rawValue + " …" : command.usage
        }
        let width = allowed.map { shownUsage($0).displayWidth }.max() ?? 10
        // The summaries wrap between words in their own column, their continued lines indented under it.
        let indent = String(repeating: " ", count: 2 + width + 2)
        let room = max(20, context.columns - indent.count)
        for command in allowed {
            let summary = TextWrapping.lines(console.text(command.summary), width: room, measure: \.displayWidth)
            console.line("  " + console.paint(shownUsage(command).padded(toWidth: width), \.accent) + "  "
                         + summary.joinedText(separator: "\n" + indent))
        }
        if flow.state == .question {
            console.line(console.paint(console.text(Localized(
                ko: "문제 중에는 명령이 아닌 줄이 그대로 답이 됩니다.", en: "While a question is open, a line that is not a command is your answer.")), \.muted))
        }
        console.line(console.paint(console.text(Localized(ko: "'help <명령>'으로 자세히.", en: "'help <command>' for details.")), \.muted))
    }
}
