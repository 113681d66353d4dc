import BrainyKit
import Foundation

/// QA's `ai log`: AI mode's last exchanges with the language model (`--ai-url`, `settings ai`), prompt and reply.
enum AICommand: ShellCommand {
    static let name = CommandName.ai
    static let usage = "ai log"
    static let summary = Localized(ko: "QA: AI모드가 언어 모델과 주고받은 최근 요청과 답", en: "QA: AI mode's last prompts and replies")
    static let details = Localized(ko: "최근 5번의 요청과 답을 보여 줍니다 (긴 답은 줄여서).",
                                   en: "Shows the last five prompts and replies (long ones cut short).")
    static let quietExample = "ai log"
    /// The longest prompt or reply shown whole.
    static let shownLength = 2000

    static func completions(after previous: [String], in context: QAContext) -> [String] {
        previous.isEmpty ? ["log"] : []
    }

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        guard arguments.first?.lowercased() == "log", arguments.count == 1 else {
            throw ShellError.invalidArgument(command: name.rawValue, value: arguments.text, expected: ["log"])
        }
        let console = context.console
        guard !context.aiLog.isEmpty else {
            console.line(console.text(Localized(ko: "아직 언어 모델과 주고받은 것이 없습니다 (--ai-url 또는 settings ai).",
                                                en: "No exchanges with a language model yet (--ai-url or settings ai).")))
            return .proceed
        }
        for (index, exchange) in context.aiLog.enumerated() {
            console.line(console.paint("── \(index + 1). \(exchange.url) · "
                                       + BrainyDateFormat.minute(exchange.at, timeZone: context.timeZone), \.accent))
            console.line(console.paint(console.text(Localized(ko: "요청:", en: "Prompt:")), \.muted))
            console.line(OutsideText.clean(cut(exchange.prompt), keepingLines: true))
            console.line(console.paint(console.text(Localized(ko: "답:", en: "Reply:")), \.muted))
            console.line(OutsideText.clean(cut(exchange.reply), keepingLines: true))
        }
        return .proceed
    }

    private static func cut(_ text: String) -> String {
        text.count <= shownLength ? text : String(text.prefix(shownLength)) + " … (\(text.count - shownLength) more)"
    }
}
