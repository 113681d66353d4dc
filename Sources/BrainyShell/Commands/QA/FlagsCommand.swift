import BrainyKit

/// QA's `flags [name on|off]`: the config's feature flags.
enum FlagsCommand: ShellCommand {
    static let name = CommandName.flags
    static let usage = "flags [name on|off]"
    static let summary = Localized(ko: "QA: 기능 플래그 보기와 바꾸기", en: "QA: list or switch the config's feature flags")
    static let details = Localized(ko: "flags: \(FeatureFlag.typedNames.joined(separator: ", "))",
                                   en: "Flags: \(FeatureFlag.typedNames.joined(separator: ", "))")

    static func completions(after previous: [String], in context: QAContext) -> [String] {
        if previous.isEmpty { return FeatureFlag.typedNames }
        return previous.count == 1 ? Switch.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        let console = context.console
        guard let word = arguments.first else {
            for flag in FeatureFlag.allCases {
                console.line(console.paint(flag.rawValue.padded(toWidth: 12), \.accent)
                             + Switch(context.config.featureFlags[flag]).rawValue)
            }
            return .proceed
        }
        guard arguments.count == 2, let value = arguments[1].flatMap(Switch.init(parsing:)) else { throw missingArgument }
        guard let flag = FeatureFlag(parsing: word) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: FeatureFlag.typedNames)
        }
        context.config.featureFlags[flag] = value.isOn
        console.line("\(word) = \(value.rawValue)")
        return .proceed
    }
}
