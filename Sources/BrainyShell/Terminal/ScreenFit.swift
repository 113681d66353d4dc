import BrainyKit

/// Where libedit's redraw puts a line, counted as libedit counts it, so that the shell can keep every line within
/// the screen before libedit sees it.
///
/// Debian 12's libedit (3.1-20221030) scrolls its own copy of the screen when the prompt and the line need more rows
/// than the terminal has, and with wide characters (Hangul, emoji) that scrolling writes outside its buffers: pasting
/// 가 ×1000 at 80×24, then Ctrl-A, Ctrl-E and more, ended the shell with SIGSEGV. A line that never needs more rows
/// than the screen has (one to spare) never scrolls, so the editor refuses keys past that point, and cuts a line
/// that a smaller window (or a recalled line) made too tall.
enum ScreenFit {
    /// How libedit draws one character: `pieces` cells of `width` columns each; `pieces` -1 for a tab.
    struct Cells: Equatable {
        var width: Int
        var pieces: Int
    }

    typealias Measure = @Sendable (UInt32) -> Cells

    /// Where the cursor is after drawing `scalars` from `start` on a screen `columns` wide, wrapping as libedit's
    /// `re_putc` does: a character that does not fit pads the row with spaces and goes to the next; filling a row
    /// moves to the next.
    static func position(after scalars: some Sequence<UInt32>, from start: (row: Int, column: Int) = (0, 0),
                         columns: Int, measure: Measure) -> (row: Int, column: Int) {
        let columns = max(1, columns)
        var (row, column) = start
        func put(_ width: Int) {
            let width = min(max(0, width), columns)
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
        for scalar in scalars {
            let cells = measure(scalar)
            if cells.pieces < 0 {
                repeat { put(1) } while column % 8 != 0
            } else {
                for _ in 0..<cells.pieces { put(cells.width) }
            }
        }
        return (row, column)
    }

    /// How many rows of a screen `rows` high a prompt and its line may use: one is kept spare (libedit moves the
    /// cursor to the next row once a row is full), unless the screen is too small to spare one.
    static func usableRows(_ rows: Int) -> Int {
        rows >= 4 ? rows - 1 : max(1, rows)
    }

    /// Whether `prompt` followed by `line` stays within `rows` × `columns` as libedit lays it out.
    static func fits(prompt: [UInt32], line: [UInt32], rows: Int, columns: Int, measure: Measure) -> Bool {
        let end = position(after: prompt + line, columns: columns, measure: measure)
        return end.row < usableRows(rows)
    }

    /// How many characters from the start of `line` fit after `prompt` on the screen (all of them when it fits).
    static func fittingCount(prompt: [UInt32], line: [UInt32], rows: Int, columns: Int, measure: Measure) -> Int {
        let limit = usableRows(rows)
        var position = self.position(after: prompt, columns: columns, measure: measure)
        guard position.row < limit else { return 0 }
        for (index, scalar) in line.enumerated() {
            position = self.position(after: CollectionOfOne(scalar), from: position, columns: columns, measure: measure)
            if position.row >= limit { return index }
        }
        return line.count
    }

    /// Said once per line when a key is refused or the line is cut to fit.
    static let refusedNotice = Localized(
        ko: "줄이 화면보다 길어질 수 없어 더 입력할 수 없습니다.", en: "The line is full: it must fit the screen.")
    static let cutNotice = Localized(
        ko: "화면에 맞게 줄의 끝을 잘랐습니다.", en: "The line's end was cut to fit the screen.")
}
