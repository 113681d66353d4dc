import BrainyKit

/// The words of a typed command that may be a secret: a password typed where the command expected something else
/// (`login hunter2`, `login email hunter2`, `register hunter2`, a word past what `login`/`register` take) and the
/// credentials of a URL (`settings server http://user:pass@host`). The line loop keeps no line holding one in the
/// history file, `record` writes a placeholder in its place, and a URL is echoed with its credentials masked.
public enum SecretWords {
    /// What stands for a URL's credentials wherever the URL is shown.
    static let maskedCredentials = "***"

    /// Whether any command of `line` holds a word that may be a secret.
    static func mayHoldSecret(_ line: String) -> Bool {
        CommandLineSplitter.commands(line).contains { !secretPositions(CommandLineSplitter.words($0)).isEmpty }
            || line.contains("://") && CommandLineSplitter.words(line).contains { masking($0) != $0 }
    }

    /// `command` with each word that may be a secret replaced by `placeholder(word)` (for a URL, its credentials
    /// by `***`); nil when it holds none. The words are joined again with single spaces, quoted when they hold one.
    static func masked(_ command: String, placeholder: (String) -> String) -> String? {
        let words = CommandLineSplitter.words(command)
        let secret = Set(secretPositions(words))
        var changed = false
        let shown = words.enumerated().map { position, word -> String in
            let replaced = secret.contains(position) ? placeholder(word) : masking(word)
            if replaced != word { changed = true }
            return replaced.contains(" ") ? "\"\(replaced)\"" : replaced
        }
        return changed ? shown.joined(separator: " ") : nil
    }

    /// `text` with the credentials of every URL in it (`scheme://user:pass@host`) replaced by `***`:
    /// `http://***@host`. Text without them is returned as is.
    public static func masking(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            let authority = rest.prefix { !"/?#'\"<>".contains($0) && !$0.isWhitespace }
            if let at = authority.lastIndex(of: "@") {
                result += maskedCredentials
                rest = rest[at...]
            }
        }
        return result + rest
    }

    /// The positions in `words` that may hold a secret: for `login`, a first word that is no sign-in method, an
    /// address after `email` that is no email address, and every word past what it takes; for `register`, the same
    /// for its address.
    private static func secretPositions(_ words: [String]) -> [Int] {
        guard let first = words.first, let command = CommandRegistry.command(named: first) else { return [] }
        let arguments = Array(words.indices.dropFirst())
        switch command.name {
        case .login:
            guard let method = arguments.first else { return [] }
            guard let provider = AuthProvider(parsing: words[method]) else { return arguments }
            guard provider == .email else { return Array(arguments.dropFirst()) }
            return addressAndPast(Array(arguments.dropFirst()), in: words)
        case .register:
            return addressAndPast(arguments, in: words)
        default:
            return []
        }
    }

    /// The first of `positions` when it is no email address, and every position after it.
    private static func addressAndPast(_ positions: [Int], in words: [String]) -> [Int] {
        guard let address = positions.first else { return [] }
        return (EmailFormat.isValid(words[address].lowercased()) ? [] : [address]) + positions.dropFirst()
    }
}
