/// Lays out rows in columns by display width (Hangul is double width), fitting the terminal where it can.
public enum TableRenderer {
    public enum Alignment: Sendable { case left, right }

    public static func render(header: [String], rows: [[String]], alignments: [Alignment] = [],
                              maxWidth: Int = 120, headerPaint: (String) -> String = { $0 }) -> [String] {
        let columns = header.count
        var widths = (0..<columns).map { column in
            ([header] + rows).map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0
        }
        let separatorWidth = 2 * (columns - 1)
        // Shrink the widest column until the table fits, but no column below a few characters.
        while widths.reduce(0, +) + separatorWidth > maxWidth,
              let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 {
            widths[widest] -= 1
        }
        func format(_ cells: [String]) -> String {
            (0..<columns).map { column -> String in
                let cell = column < cells.count ? cells[column].truncated(toWidth: widths[column]) : ""
                let alignment = column < alignments.count ? alignments[column] : .left
                if alignment == .right {
                    return String(repeating: " ", count: max(0, widths[column] - cell.displayWidth)) + cell
                }
                return column == columns - 1 ? cell : cell.padded(toWidth: widths[column])
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return [headerPaint(format(header)), rule] + rows.map(format)
    }

    /// A bar of `width` cells for a share between 0 and 1.
    public static func bar(_ share: Double, width: Int = 20) -> String {
        let clamped = min(max(share, 0), 1)
        let filled = Int((clamped * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
