/// Lays out rows in columns by display width (Hangul is double width), fitting the terminal where it can.
public enum TableRenderer {
    public enum Alignment: Sendable { case left, right }

    /// What happens to a cell wider than its column once the table has been narrowed to fit.
    public enum Overflow: Sendable {
        /// Cut, ending in "…".
        case truncate
        /// Broken between words onto more lines of the same row; a word is split only when the columns cannot be
        /// made wide enough for their longest words. Nothing is left out.
        case wrap
    }

    /// The columns the table takes when no cell is narrowed: its widest cells and the gaps between them.
    public static func naturalWidth(header: [String], rows: [[String]]) -> Int {
        naturalWidths(header: header, rows: rows).reduce(0, +) + 2 * max(0, header.count - 1)
    }

    public static func render(header: [String], rows: [[String]], alignments: [Alignment] = [],
                              maxWidth: Int = 120, overflow: Overflow = .truncate,
                              headerPaint: (String) -> String = { $0 }) -> [String] {
        let columns = header.count
        var widths = naturalWidths(header: header, rows: rows)
        let separatorWidth = 2 * (columns - 1)
        func tooWide() -> Bool { widths.reduce(0, +) + separatorWidth > maxWidth }
        if overflow == .wrap {
            // Narrow the column with the most room above its longest word, so that words stay whole.
            let words = (0..<columns).map { column in
                ([header] + rows).map { column < $0.count ? longestWord(in: $0[column]) : 0 }.max() ?? 0
            }
            while tooWide(), let roomiest = widths.indices.filter({ widths[$0] > words[$0] })
                .max(by: { widths[$0] - words[$0] < widths[$1] - words[$1] }) {
                widths[roomiest] -= 1
            }
        }
        // Shrink the widest column until the table fits, but no column below a few characters.
        while tooWide(), let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 {
            widths[widest] -= 1
        }
        func lines(of cell: String, in column: Int) -> [String] {
            guard cell.displayWidth > widths[column] else { return [cell] }
            guard overflow == .wrap else { return [cell.truncated(toWidth: widths[column])] }
            return Console.wrap(cell, width: widths[column], indent: "").split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { pieces(of: String($0), width: widths[column]) }
        }
        func format(_ cells: [String]) -> [String] {
            let split = (0..<columns).map { column in lines(of: column < cells.count ? cells[column] : "", in: column) }
            let height = split.map(\.count).max() ?? 1
            return (0..<height).map { line in
                let text = (0..<columns).map { column -> String in
                    let cell = line < split[column].count ? split[column][line] : ""
                    let alignment = column < alignments.count ? alignments[column] : .left
                    if alignment == .right {
                        return String(repeating: " ", count: max(0, widths[column] - cell.displayWidth)) + cell
                    }
                    return column == columns - 1 ? cell : cell.padded(toWidth: widths[column])
                }.joined(separator: "  ")
                // A continued row's later columns may be empty: no blanks trail it.
                return line == 0 ? text : String(text.reversed().drop { $0 == " " }.reversed())
            }
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return format(header).map(headerPaint) + [rule] + rows.flatMap(format)
    }

    private static func naturalWidths(header: [String], rows: [[String]]) -> [Int] {
        (0..<header.count).map { column in
            ([header] + rows).map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0
        }
    }

    /// `line` cut into pieces at most `width` columns wide (a character wider than that gets a piece of its own).
    private static func pieces(of line: String, width: Int) -> [String] {
        guard line.displayWidth > width else { return [line] }
        var pieces: [String] = []
        var piece = ""
        for character in line {
            if !piece.isEmpty, piece.displayWidth + character.displayWidth > width {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    private static func longestWord(in text: String) -> Int {
        text.split(separator: " ").map { String($0).displayWidth }.max() ?? 0
    }

    /// A bar of `width` cells for a share between 0 and 1.
    public static func bar(_ share: Double, width: Int = 20) -> String {
        let clamped = min(max(share, 0), 1)
        let filled = Int((clamped * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
