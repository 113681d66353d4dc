// Tab: completion through the shell's completer, laid out by `CompletionListing`.
extension EditLineReader {
    /// Tab: inserts what all candidates share, or the only candidate and a space; lists them when there is
    /// nothing more to insert.
    func complete() -> KeyOutcome {
        let (lineBeforeCursor, lineAfterCursor) = lineAroundCursor()
        guard let step = CompletionListing.step(lineBeforeCursor: lineBeforeCursor,
                                                candidates: completer(lineBeforeCursor)) else {
            return .error
        }
        if let insert = step.insert { replace(step.word, with: insert) }
        guard let candidates = step.list else { return .refresh }
        list(candidates, below: lineBeforeCursor, lineAfterCursor)
        return .redisplay
    }

    func replace(_ word: String, with text: String) {
        // A completion that would make the line taller than the screen is not inserted.
        var line = wideLine().scalars
        line.append(contentsOf: text.unicodeScalars.map(\.value))
        let size = screenSize()
        guard ScreenFit.fits(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                             measure: Self.measure) else { return }
        deleteBeforeCursor(word.unicodeScalars.count)
        insert(text)
    }

    /// Prints the candidates below the line being edited (`CompletionListing` lays them out).
    func list(_ candidates: [String], below lineBeforeCursor: String, _ lineAfterCursor: String) {
        let text = CompletionListing.text(
            candidates, prompt: visiblePrompt, lineBeforeCursor: lineBeforeCursor, lineAfterCursor: lineAfterCursor,
            columns: terminalColumns)
        write(text)
    }
}
