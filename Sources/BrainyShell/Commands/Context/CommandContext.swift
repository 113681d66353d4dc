import BrainyKit
import Foundation

/// What a command may use, made for it by the dispatcher (`CommandContexts`): the flow's state and a way to apply an
/// event, the console, and the services the command's kind needs (as Hummingbird's handlers get a request and a
/// context, not the application). Each context is built from the shared `SessionState` and the services it names,
/// never the session; what every context reads is said once, in `ContextBasics`.
protocol CommandContext {
    /// This kind of context, made by `contexts` (the maker of its kind).
    static func made(by contexts: CommandContexts) -> Self
    /// The reads every context offers (below).
    var basics: ContextBasics { get }
}

/// The reads every command's context offers: where the flow stands, the console, the time and how output prints.
extension CommandContext {
    /// Where the flow stands (a value: it changes only through a context's `apply`).
    var flow: QuizFlow { basics.flow }
    var console: Console { basics.console }
    var now: Date { basics.now }
    var timeZone: TimeZone { basics.timeZone }
    /// How structured output prints now: `--format`, else the player's setting.
    var outputFormat: OutputFormat { basics.outputFormat }
    /// The width tables fit.
    var columns: Int { basics.columns }
}

extension ShellCommand {
    /// Runs the command in the context `contexts` makes for it (what `ShellSession` calls for a typed line); more
    /// words than it takes are refused here, for every command, before it runs.
    static func run(_ arguments: CommandArguments, from contexts: CommandContexts) throws -> CommandOutcome {
        if let refusal = refusal(ofWordsIn: arguments) { throw refusal }
        return try run(arguments, in: Context.made(by: contexts))
    }

    /// The command's words for its next argument, in the context `contexts` makes for it (the line editor's Tab).
    static func completions(after previous: [String], from contexts: CommandContexts) -> [String] {
        completions(after: previous, in: Context.made(by: contexts))
    }
}
