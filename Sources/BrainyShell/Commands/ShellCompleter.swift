import BrainyKit

/// Context-aware completion: for the first word, the commands the table allows now; after a command, what that
/// command offers for its next argument, in the context it would run in.
struct ShellCompleter {
    /// Makes the contexts completion reads: the shell's (the commands allowed now) and the command's being typed.
    let contexts: CommandContexts

    func candidates(_ lineBeforeCursor: String) -> [String] {
        let endsWithSpace = lineBeforeCursor.last?.isWhitespace ?? false
        var words = CommandLineSplitter.words(lineBeforeCursor)
        let current = endsWithSpace ? "" : (words.popLast() ?? "")
        let options: [String]
        if words.isEmpty {
            options = contexts.shell().allowedCommands.map(\.rawValue)
        } else if let command = CommandRegistry.command(named: words[0]) {
            options = command.completions(after: Array(words.dropFirst()), from: contexts)
        } else {
            options = []
        }
        let key = current.lowercased()
        return options.filter { $0.lowercased().hasPrefix(key) }
    }
}
