/// What the server takes for an email address: `local@domain` with a dot in the domain, at most 254 bytes, and
/// nothing a terminal or a page could act on. An address is shown to people (the leaderboard's names are made from
/// it, the shell prints it), so control characters (ESC, BEL: terminal escape sequences) and format characters
/// (zero-width and bidirectional marks, which make one address look like another) are refused, as is any space.
enum EmailAddress {
    static let maxBytes = 254

    static func isValid(_ text: String) -> Bool {
        guard text.utf8.count <= maxBytes, !text.unicodeScalars.contains(where: isForbidden) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty } && (domain.last?.count ?? 0) >= 2
    }

    /// Control, format, separator (space, line and paragraph) and unassigned or private-use scalars.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
             .unassigned:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }
}
