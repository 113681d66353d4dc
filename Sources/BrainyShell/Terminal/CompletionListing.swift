/// What Tab shows and inserts when several completions fit, worked out without the terminal: the longest start the
/// candidates share, and the text that lists them below the line being edited. `EditLineReader` writes it; tests
/// read it.
enum CompletionListing {
    /// What one Tab does: replace the word being completed (`word`, after the last space before the cursor) with
    /// `insert`, and list `list` below the line.
    struct Step: Equatable {
        var word: String
        var insert: String?
        var list: [String]?
    }

    /// Tab: inserts the only candidate and a space, or what all candidates share; lists them when there is nothing
    /// more to insert (taking the candidates' case first when only the case differs). Nil when nothing fits.
    static func step(lineBeforeCursor: String, candidates: [String]) -> Step? {
        let word = lineBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard let first = candidates.first else { return nil }
        if candidates.count == 1 { return Step(word: word, insert: first + " ") }
        let shared = commonPrefix(of: candidates)
        if shared.count > word.count { return Step(word: word, insert: shared) }
        // The typed case differs from the candidates': take theirs, and list them.
        let insert = shared != word && shared.count == word.count ? shared : nil
        return Step(word: word, insert: insert, list: candidates)
    }

    /// The longest start the candidates share, compared case-insensitively, spelled as the first candidate.
    static func commonPrefix(of candidates: [String]) -> String {
        guard var shared = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            var count = 0
            for (left, right) in zip(shared, candidate) {
                guard left.lowercased() == right.lowercased() else { break }
                count += 1
            }
            shared = Array(shared.prefix(count))
        }
        return String(shared)
    }

    /// The candidates in columns, top to bottom then left to right as `ls` does, for a terminal `columns` wide. The
    /// line being edited (after `prompt`) may wrap over several rows: the text first goes below its last row, and
    /// ends with as many newlines as the cursor's row, because libedit (told CC_REDISPLAY) goes up that many rows to
    /// redraw the line.
    static func text(_ candidates: [String], prompt: String, lineBeforeCursor: String, lineAfterCursor: String,
                     columns terminalColumns: Int) -> String {
        let promptEnd = position(afterWriting: prompt, from: (0, 0), columns: terminalColumns)
        let cursor = position(afterWriting: lineBeforeCursor, from: promptEnd, columns: terminalColumns)
        let end = position(afterWriting: lineAfterCursor, from: cursor, columns: terminalColumns)

        let gap = 2
        let columnWidth = (candidates.map(\.displayWidth).max() ?? 0) + gap
        let columns = max(1, min(candidates.count, (terminalColumns + gap) / columnWidth))
        let rows = (candidates.count + columns - 1) / columns
        var text = String(repeating: "\n", count: end.row - cursor.row + 1)
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < candidates.count else { break }
                let isLast = column == columns - 1 || index + rows >= candidates.count
                line += isLast ? candidates[index] : candidates[index].padded(toWidth: columnWidth)
            }
            text += line + "\n"
        }
        return text + String(repeating: "\n", count: cursor.row)
    }

    /// Where the cursor ends after `text` is written from `start`, wrapping as libedit does: a character that
    /// does not fit goes to the next row, and filling a row moves to the next.
    static func position(afterWriting text: String, from start: (row: Int, column: Int),
                         columns: Int) -> (row: Int, column: Int) {
        var (row, column) = start
        for scalar in text.unicodeScalars {
            let width = scalar.displayWidth
            if column + width > columns {
                row += 1
                column = 0
            }
            column += width
            if column >= columns {
                row += 1
                column = 0
            }
        }
        return (row, column)
    }
}
