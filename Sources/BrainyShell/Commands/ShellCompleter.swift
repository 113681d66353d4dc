import BrainyKit

/// Context-aware completion: for the first word, the commands the table allows now; after a command, what that
/// command offers for its next argument.
struct ShellCompleter {
    let session: ShellSession

    func candidates(_ lineBeforeCursor: String) -> [String] {
        let endsWithSpace = lineBeforeCursor.last?.isWhitespace ?? false
        var words = CommandLineSplitter.words(lineBeforeCursor)
        let current = endsWithSpace ? "" : (words.popLast() ?? "")
        let options: [String]
        if words.isEmpty {
            options = session.allowedCommands.map(\.rawValue)
        } else if let command = CommandRegistry.command(named: words[0]) {
            options = command.completions(after: Array(words.dropFirst()), from: session)
        } else {
            options = []
        }
        let key = current.lowercased()
        return options.filter { $0.lowercased().hasPrefix(key) }
    }
}
