import BrainyKit

/// The README's table of commands, made from the registry (a test fails when the README's copy is stale).
public enum CommandTable {
    public static let begin = "<!-- commands: generated from CommandRegistry; BRAINY_UPDATE_README=1 swift test --filter CommandRegistryTests -->"
    public static let end = "<!-- end of commands -->"

    public static func markdown() -> String {
        var lines = ["| command | does | other names |", "| --- | --- | --- |"]
        for command in CommandRegistry.commands {
            let usage = command.usage.replacingOccurrences(of: "|", with: "\\|")
            let aliases = command.aliases.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| `\(usage)` | \(command.summary.en) | \(aliases) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the part between the markers replaced by the table; nil when the markers are missing.
    public static func replacing(in text: String) -> String? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[..<start.upperBound]) + "\n" + markdown() + "\n" + String(text[stop.lowerBound...])
    }
}
