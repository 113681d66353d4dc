/// The shells `--completion` writes a completion script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The words `--completion` takes.
    public static var typedNames: [String] { allCases.map { $0.rawValue } }
}
