import Foundation
import BrainyKit

/// A command of the shell, in the spirit of swift-argument-parser's commands: the type carries its name, the other
/// words that call it, its help in Korean and English, how its arguments complete, and what it does. Every command
/// is registered once, in `CommandRegistry`; help, completion, refusals, "did you mean" and the README's table are
/// read from there, and whether it is allowed now from the transition table.
protocol ShellCommand: Sendable {
    /// What the command may use (the flow, the console, the services it declares), made by the dispatcher.
    associatedtype Context: CommandContext
    static var name: CommandName { get }
    /// Other words that call the command (`?` for help, `quit` for exit).
    static var aliases: [String] { get }
    /// How it is typed, as `help` shows it.
    static var usage: String { get }
    /// The most words it takes after its name; more are refused with its usage before it runs (`run(_:from:)`), so
    /// no word typed is dropped unsaid. Nil where any number of words means something (an answer's free text,
    /// history's filters).
    static var maximumWords: Int? { get }
    static var summary: Localized { get }
    static var details: Localized { get }
    /// Words to offer for the argument being typed, after the arguments typed before it.
    static func completions(after previous: [String], in context: Context) -> [String]
    /// Whether what it prints goes through the pager on a terminal.
    static func isPaged(_ arguments: CommandArguments) -> Bool
    /// A way to type the command that changes nothing and prints the same on every run (a generated path's line for
    /// a rule that keeps the state).
    static var quietExample: String { get }
    /// Whether it is a QA switch, shown and accepted only with `--qa` (given by its context, `CommandRegistry`).
    static var isQA: Bool { get }
    static func run(_ arguments: CommandArguments, in context: Context) throws -> CommandOutcome
}

extension ShellCommand {
    static var aliases: [String] { [] }
    static var details: Localized { Localized(ko: "", en: "") }
    static func completions(after previous: [String], in context: Context) -> [String] { [] }
    static func isPaged(_ arguments: CommandArguments) -> Bool { false }
    static var quietExample: String { name.rawValue }
    static var maximumWords: Int? { nil }

    /// The refusal for a command given too little.
    static var missingArgument: ShellError { .missingArgument(command: name.rawValue, usage: usage) }

    /// The refusal for a command given more words than `maximumWords`, or nil.
    static func refusal(ofWordsIn arguments: CommandArguments) -> ShellError? {
        guard let maximumWords, arguments.count > maximumWords else { return nil }
        return .tooManyArguments(command: name.rawValue, usage: usage)
    }
}

/// The words typed after a command's name, and the same text as typed (an answer keeps its spaces).
struct CommandArguments: Equatable, Sendable {
    var words: [String]
    var text: String

    init(words: [String], text: String) {
        self.words = words
        self.text = text
    }

    /// `login email a@b.co` → words `email`, `a@b.co`.
    init(parsing line: String) {
        let words = CommandLineSplitter.words(line)
        let trimmed = line.trimmingBlanks
        let rest = trimmed.firstIndex(where: \.isWhitespace).map { String(trimmed[$0...]) } ?? ""
        self.init(words: Array(words.dropFirst()), text: rest.trimmingBlanks)
    }

    var isEmpty: Bool { words.isEmpty }
    var count: Int { words.count }
    var first: String? { words.first }
    subscript(index: Int) -> String? { index < words.count ? words[index] : nil }
}

/// What a command asks of the loop.
public enum CommandOutcome: Equatable, Sendable {
    case proceed
    case exit
}
