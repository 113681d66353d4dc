/// Breaks text into lines at spaces: the one wrapping rule of the help text, the man page's commands and every line
/// the shell prints. A word (English, or a Korean 어절 such as "설정에서") is never split: a line breaks only between
/// words, and a word wider than the line gets a line of its own.
public enum TextWrapping {
    /// The lines of `text` at most `width` wide as `measure` counts (characters by default; the shell passes the
    /// terminal's display width, where Hangul takes two columns and escape sequences none).
    ///
    /// A line that fits is returned as it is. Otherwise the line's leading blanks start its first line, `indent`
    /// (by default the same blanks) starts the lines that continue it, and the spaces between words that stay on one
    /// line are kept as they were (aligned columns stay aligned).
    public static func lines(_ text: String, width: Int, indent: String? = nil,
                             measure: (String) -> Int = { $0.count }) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let line = String(line)
            guard measure(line) > width else { return [line] }
            return wrapped(line, width: width, indent: indent, measure: measure)
        }
    }

    private static func wrapped(_ line: String, width: Int, indent: String?, measure: (String) -> Int) -> [String] {
        let leading = String(line.prefix { $0 == " " })
        let continuation = indent ?? leading
        // Each word with the spaces before it.
        var pieces: [(gap: String, word: String)] = []
        var gap = ""
        var word = ""
        for character in line.dropFirst(leading.count) {
            if character == " " {
                if !word.isEmpty {
                    pieces.append((gap, word))
                    gap = ""
                    word = ""
                }
                gap.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { pieces.append((gap, word)) }
        var lines: [String] = []
        var current = leading
        var used = measure(leading)
        var startsLine = true
        for (gap, word) in pieces {
            let wordWidth = measure(word)
            if startsLine {
                current += word
                used += wordWidth
                startsLine = false
            } else if used + gap.count + wordWidth <= width {
                current += gap + word
                used += gap.count + wordWidth
            } else {
                lines.append(current)
                current = continuation + word
                used = measure(continuation) + wordWidth
            }
        }
        lines.append(current)
        return lines
    }
}
