import Foundation
import BrainyKit

// Keeping the line within the screen (see `ScreenFit`): keys past it refused, a line too tall cut, and said once.
extension EditLineReader {
    var promptScalars: [UInt32] { visiblePrompt.unicodeScalars.map(\.value) }

    /// Whether the prompt and the line (with `key` added) stay within the screen as libedit counts it. An empty line
    /// always does: there is nothing to cut.
    func lineFits(adding key: wchar_t? = nil) -> Bool {
        var line = wideLine().scalars
        if let key { line.append(UInt32(bitPattern: key)) } else if line.isEmpty { return true }
        let size = screenSize()
        return ScreenFit.fits(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                              measure: Self.measure)
    }

    /// A key the screen has no room for: a bell, and this line's notice once.
    func refuseKey() -> KeyOutcome {
        defer { refusing = true }
        guard !refusing else { return .norm }
        return showFitNotice(ScreenFit.refusedNotice) ?? .refreshBeep
    }

    /// Cuts the line's end until it fits the screen (a smaller window, a long line recalled), and says so.
    func cutToFit() -> KeyOutcome {
        let (line, _) = wideLine()
        let size = screenSize()
        let keep = ScreenFit.fittingCount(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                                          measure: Self.measure)
        guard keep < line.count else { return .norm }
        moveCursorToEnd()
        deleteBeforeCursor(line.count - keep)
        refusing = true
        return showFitNotice(ScreenFit.cutNotice) ?? .redisplay
    }

    /// Rings the bell and prints `notice` below the line, the first time on this line (nil after): libedit, told
    /// `.redisplay`, then draws the prompt and the line again below it.
    func showFitNotice(_ notice: Localized) -> KeyOutcome? {
        guard !fitNoticeShown else { return nil }
        fitNoticeShown = true
        let (line, cursor) = wideLine()
        let size = screenSize()
        let cursorAt = ScreenFit.position(after: promptScalars + line.prefix(cursor), columns: size.columns,
                                          measure: Self.measure)
        let end = ScreenFit.position(after: line.dropFirst(cursor), from: cursorAt, columns: size.columns,
                                     measure: Self.measure)
        // A notice wider than the screen wraps there: only the rows below it count for libedit's redraw.
        write("\u{07}" + String(repeating: "\n", count: end.row - cursorAt.row + 1) + localize(notice) + "\n"
              + String(repeating: "\n", count: cursorAt.row))
        return .redisplay
    }
}
