import BrainyKit

/// `timing [on|off]`: prints how long each command took, as psql's `\timing` does.
enum TimingCommand: ShellCommand {
    static let name = CommandName.timing
    static let usage = "timing [\(Switch.typedNames.joinedText(separator: "|"))]"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "명령마다 걸린 시간 표시 (psql의 \\timing)", en: "print how long each command took (psql's \\timing)")

    static func completions(after previous: [String], in context: ShellContext) -> [String] {
        previous.isEmpty ? Switch.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        if let word = arguments.first {
            guard let chosen = Switch(parsing: word) else {
                throw ShellError.invalidArgument(command: name.rawValue, value: word.lowercased(), expected: Switch.typedNames)
            }
            context.timingEnabled = chosen.isOn
        } else {
            context.timingEnabled.toggle()
        }
        let on = context.timingEnabled
        context.console.line(Localized(ko: "시간 표시: \(on ? "켬" : "끔")", en: "Timing is \(on ? "on" : "off")."))
        return .proceed
    }
}
