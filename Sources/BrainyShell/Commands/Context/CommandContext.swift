import BrainyKit
import Foundation

/// What a command may use, made for it from the session by the dispatcher: the flow's state and a way to apply an
/// event, the console, and the services the command's kind needs (as Hummingbird's handlers get a request and a
/// context, not the application). Each context keeps the session to itself: only its members are seen. What every
/// context reads is said once, here.
protocol CommandContext {
    init(_ session: ShellSession)
    /// This kind of context, made by `contexts` (the maker of its kind).
    static func made(by contexts: CommandContexts) -> Self
    /// The session as the reads below see it (no command can reach it through this: it is private to this file).
    var basics: ContextBasics { get }
}

/// The session, seen only by the reads every context offers (the extension below).
struct ContextBasics {
    fileprivate let session: ShellSession

    init(_ session: ShellSession) { self.session = session }
}

/// The reads every command's context offers: where the flow stands, the console, the time and how output prints.
extension CommandContext {
    /// Where the flow stands (a value: it changes only through a context's `apply`).
    var flow: QuizFlow { basics.session.flow }
    var console: Console { basics.session.console }
    var now: Date { basics.session.now }
    var timeZone: TimeZone { basics.session.timeZone }
    /// How structured output prints now: `--format`, else the player's setting.
    var outputFormat: OutputFormat { basics.session.outputFormat }
    /// The width tables fit.
    var columns: Int { basics.session.columns }
}

extension ShellCommand {
    /// Runs the command in the context `contexts` makes for it (what `ShellSession` calls for a typed line).
    static func run(_ arguments: CommandArguments, from contexts: CommandContexts) throws -> CommandOutcome {
        try run(arguments, in: Context.made(by: contexts))
    }

    /// The command's words for its next argument, in the context `contexts` makes for it (the line editor's Tab).
    static func completions(after previous: [String], from contexts: CommandContexts) -> [String] {
        completions(after: previous, in: Context.made(by: contexts))
    }
}
