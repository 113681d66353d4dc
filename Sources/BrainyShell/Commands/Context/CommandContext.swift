import BrainyKit

/// What a command may use, made for it from the session by the dispatcher: the flow's state and a way to apply an
/// event, the console, and the services the command's kind needs (as Hummingbird's handlers get a request and a
/// context, not the application). Each context keeps the session to itself: only its members are seen.
protocol CommandContext {
    init(_ session: ShellSession)
}

extension ShellCommand {
    /// Runs the command with its context made from `session` (what `ShellSession` calls for a typed line).
    static func run(_ arguments: CommandArguments, from session: ShellSession) throws -> CommandOutcome {
        try run(arguments, in: Context(session))
    }

    /// The command's words for its next argument, with its context made from `session` (the line editor's Tab).
    static func completions(after previous: [String], from session: ShellSession) -> [String] {
        completions(after: previous, in: Context(session))
    }
}
