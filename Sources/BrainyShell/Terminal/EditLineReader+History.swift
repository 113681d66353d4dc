import Foundation

// The history by the shell, not libedit: Up and Down recall lines cut to fit the screen before libedit draws them,
// and Ctrl-R searches whole characters (libedit's own looks a key up by its low byte, so Hangul ended it).
extension EditLineReader {
    /// Up (older) and Down (newer): the history's lines in turn, then the line being typed before the first Up.
    func recall(older: Bool) -> KeyOutcome {
        let entries = historyEntries()
        let next = (historyPosition ?? -1) + (older ? 1 : -1)
        guard next < entries.count, next >= -1, !(historyPosition == nil && !older) else {
            return .refreshBeep
        }
        if historyPosition == nil { lineBeforeHistory = currentLine() }
        historyPosition = next < 0 ? nil : next
        setLine(next < 0 ? lineBeforeHistory : entries[next], cursorFromEnd: 0)
        return .refresh
    }

    /// Ctrl-R: starts searching the history, newest first, for lines containing what is typed next.
    func startSearch() -> KeyOutcome {
        search = HistorySearch(originalLine: currentLine(), entries: historyEntries())
        showSearch()
        return .refresh
    }

    /// Reads one key of the search. Typed text extends the search, Ctrl-R finds an older match, Backspace
    /// shortens it, Ctrl-G gives up; any other key (Enter, Ctrl-C, arrows…) keeps the match and does its usual job.
    func searchStep() -> KeyOutcome {
        guard var search else { return .error }
        guard let scalar = nextKey() else {
            finishSearch(line: search.originalLine, cursorFromEnd: 0)
            return .eof
        }
        switch scalar {
        case "\u{12}":  // Ctrl-R
            search.findOlder()
        case "\u{7F}", "\u{08}":
            search.deleteLastCharacter()
        case "\u{07}":  // Ctrl-G
            finishSearch(line: search.originalLine, cursorFromEnd: 0)
            return .refresh
        case _ where scalar.value < 0x20 || (0x80..<0xA0).contains(scalar.value):
            finishSearch(line: search.line, cursorFromEnd: search.charactersAfterMatchStart)
            push(String(scalar))
            return .refresh
        default:
            search.append(scalar)
        }
        self.search = search
        showSearch()
        return search.failed ? .refreshBeep : .refresh
    }

    /// Puts the current match on the line and the search in the prompt, and queues the next step.
    func showSearch() {
        guard let search else { return }
        setSearchPrompt(search.prompt)
        setLine(search.line, cursorFromEnd: search.charactersAfterMatchStart)
        push(String(EditorKeys.searchStep))
    }

    func finishSearch(line: String, cursorFromEnd: Int) {
        search = nil
        setLine(line, cursorFromEnd: cursorFromEnd)
    }

    /// Replaces the whole line, leaving the cursor `cursorFromEnd` characters before its end. A line too tall for
    /// the screen is cut to fit.
    func setLine(_ line: String, cursorFromEnd: Int) {
        var line = line
        let size = screenSize()
        let scalars = line.unicodeScalars.map(\.value)
        let keep = ScreenFit.fittingCount(prompt: (search?.prompt ?? visiblePrompt).unicodeScalars.map(\.value),
                                          line: scalars, rows: size.rows, columns: size.columns, measure: Self.measure)
        if keep < scalars.count { line = String(String.UnicodeScalarView(line.unicodeScalars.prefix(keep))) }
        moveCursorToEnd()
        deleteBeforeCursor(currentLine().unicodeScalars.count)
        insert(line)
        moveCursor(by: -cursorFromEnd)
    }
}
