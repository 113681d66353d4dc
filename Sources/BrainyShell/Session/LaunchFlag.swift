import BrainyCommandLine
import BrainyKit

/// One flag of `brainy`, declared once: the names it answers to, the value it takes, its help in Korean and English,
/// and what it does to the options. `LaunchOptions.parse` reads the table of them (`LaunchOptions.flags`), and the
/// manual (`--help`, `--man`, `--completion`) is rendered from the same table.
struct LaunchFlag: Sendable {
    /// What the flag does when it is given.
    enum Effect: Sendable {
        /// A switch: no value.
        case set(@Sendable (inout LaunchOptions) -> Void)
        /// A flag with a value (`--seed 7`, `--seed=7`), checked and applied; refused in the run's language.
        case value(@Sendable (inout LaunchOptions, String, Language) throws(LaunchOptions.UsageError) -> Void)
        /// `--check`: the transcripts follow, among or after the other flags.
        case check
        /// `--`: the end of the options.
        case endOfOptions
    }

    /// The names as typed and shown, short before long.
    var names: [String]
    /// Names the parser takes too but the manual does not show (`--no-colour`).
    var hiddenNames: [String] = []
    /// What follows the flag in the help (`<path>`); nil for a list of words (`<ko|en>`) or no value.
    var placeholder: String?
    /// What a completion script offers for the value.
    var value: OptionValue
    var help: Localized
    var effect: Effect

    /// A switch.
    init(_ names: String..., hiddenNames: [String] = [], help: Localized,
         set: @escaping @Sendable (inout LaunchOptions) -> Void) {
        self.names = names
        self.hiddenNames = hiddenNames
        placeholder = nil
        value = .none
        self.help = help
        effect = .set(set)
    }

    /// A flag followed by a value.
    init(_ names: String..., placeholder: String? = nil, value: OptionValue, help: Localized,
         apply: @escaping @Sendable (inout LaunchOptions, String, Language) throws(LaunchOptions.UsageError) -> Void) {
        self.names = names
        self.placeholder = placeholder
        self.value = value
        self.help = help
        effect = .value(apply)
    }

    /// A flag the parser handles itself (`--check`, `--`).
    init(_ names: String..., placeholder: String? = nil, value: OptionValue = .none, help: Localized, effect: Effect) {
        self.names = names
        self.placeholder = placeholder
        self.value = value
        self.help = help
        self.effect = effect
    }

    /// Whether `name` is one of this flag's names, shown or not.
    func answers(to name: String) -> Bool { names.contains(name) || hiddenNames.contains(name) }

    /// The flag as the manual shows it, in `language`.
    func option(in language: Language) -> CommandLineOption {
        if value == .none, placeholder == nil { return CommandLineOption(names: names, text: help[language]) }
        let shown = placeholder ?? {
            if case let .words(words) = value { return "<" + words.joined(separator: "|") + ">" }
            return "<value>"
        }()
        return CommandLineOption(names: names, placeholder: shown, value: value, text: help[language])
    }
}

extension LaunchOptions.UsageError {
    /// `--seed x`: what the flag takes, and the value it was given, in `language`.
    static func takes(_ flag: String, ko what: String, en whatEnglish: String, not text: String,
                      in language: Language) -> Self {
        Self(text: Localized(ko: "\(flag)에는 \(what) 주세요. \(Josa.attach("'\(text)'", .topic)) 쓸 수 없습니다.",
                             en: "\(flag) takes \(whatEnglish), not '\(text)'."),
             language: language)
    }
}
