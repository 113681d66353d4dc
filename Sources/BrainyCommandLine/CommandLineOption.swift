import Foundation

/// One flag of an executable as its manual describes it: the names it answers to, the value it takes and what it
/// does. `--help`, the man page and the completion scripts are all rendered from these.
public struct CommandLineOption: Equatable, Sendable {
    /// The names as typed, short before long: `["-q", "--quiet"]`.
    public var names: [String]
    /// What follows the flag, as the help shows it (`<path>`, `<ko|en>`); nil for a flag that takes no value.
    public var placeholder: String?
    /// What a completion script offers for the value.
    public var value: OptionValue
    /// What the flag does, as one paragraph (the renderers wrap it).
    public var text: String

    /// A flag that takes no value.
    public init(_ names: String..., text: String) {
        self.names = names
        placeholder = nil
        value = .none
        self.text = text
    }

    /// A flag followed by a value; a list of words gets `<a|b|c>` as its placeholder unless one is given.
    public init(_ names: String..., placeholder: String? = nil, value: OptionValue, text: String) {
        self.names = names
        if let placeholder {
            self.placeholder = placeholder
        } else if case let .words(words) = value {
            self.placeholder = "<" + words.joined(separator: "|") + ">"
        } else {
            self.placeholder = "<value>"
        }
        self.value = value
        self.text = text
    }

    /// A flag described elsewhere (swift-argument-parser's description of a command): its names, and its value's
    /// placeholder and kind when it takes one.
    public init(names: [String], placeholder: String? = nil, value: OptionValue = .none, text: String) {
        self.names = names
        self.placeholder = placeholder
        self.value = value
        self.text = text
    }

    /// `-q, --quiet` or `--db <path>`: the flag's column in the help.
    public var label: String {
        names.joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
    }

    /// The first clause of `text`, short enough for a completion menu.
    public var brief: String {
        let clause = text.prefix { !";(:".contains($0) }.trimmingCharacters(in: .whitespaces)
        return clause.count <= 60 ? clause : String(clause.prefix(57)) + "..."
    }
}
