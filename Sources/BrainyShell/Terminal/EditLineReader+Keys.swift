import Foundation

// The keys libedit hands the shell: what is read (and what stands in for it: the line cut to fit, a key refused,
// the ticker due), the time running out, Ctrl-C, characters that take no column. Through the line's primitives
// only: the C API stays in EditLineReader.swift.
extension EditLineReader {
    /// libedit's key reader: the next key typed, or one of the shell's own keys when the line must be cut to fit,
    /// a key must be refused, or the ticker is due. Returns as `readCharacter` does (1 with a key).
    func readKey(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            // libedit sized itself from the terminal at the start of the line or at a resize: tall again.
            keepLibeditTall()
            // The line a question's time cut short comes back first, as if typed again (without key bindings).
            if search == nil, keptLine != nil {
                character.pointee = Self.wide(EditorKeys.restore)
                return 1
            }
            // A resize, a recalled line or a yank may have made the line taller than the screen: cut it first.
            if search == nil, !lineFits() {
                character.pointee = Self.wide(EditorKeys.fit)
                return 1
            }
            let result = readCharacter(into: character, waitingAtMost: ticking.millisecondsLeft())
            switch result {
            case 1:
                break
            case 2:
                // The ticker is due. While Ctrl-R searches, only the end of the time interrupts the search.
                if search != nil, let tick = ticking.ask(), !tick.timeUp {
                    setPrompt(tick.prompt)
                    continue
                }
                character.pointee = Self.wide(EditorKeys.tick)
                return 1
            case 3:
                fullAtLength = nil
                continue  // a signal: the window may have changed size
            default:
                return result
            }
            let key = character.pointee
            guard search == nil else { return 1 }
            if EditorKeys.inserts(UInt32(bitPattern: key)) {
                // Measured once per length: the rest of a long paste past the screen is refused without measuring
                // the whole line again for each key.
                let length = lineLength()
                if fullAtLength == length || !lineFits(adding: key) {
                    fullAtLength = length
                    character.pointee = Self.wide(EditorKeys.refuse)
                    return 1
                }
            }
            refusing = false
            if Self.takesNoColumn(key), let scalar = Unicode.Scalar(UInt32(bitPattern: key)) {
                pendingNoColumn = scalar
                character.pointee = Self.wide(EditorKeys.noColumn)
            }
            return 1
        }
    }

    static func wide(_ scalar: Unicode.Scalar) -> wchar_t {
        wchar_t(bitPattern: scalar.value)
    }

    /// The ticker's key: the prompt redrawn with the time left (libedit redraws only what changed, so the line and
    /// the cursor stay as they are); when the time is up, the line ends as cancelled.
    func tick() -> KeyOutcome {
        guard let tick = ticking.ask() else { return .norm }
        setPrompt(tick.prompt)
        fullAtLength = nil  // the prompt's width may have changed
        guard tick.timeUp else { return .refresh }
        cancelled = true
        // What was being typed (before a Ctrl-R search, the line the search started from) is kept for the next line.
        let typed = search?.originalLine ?? currentLine()
        keptLine = typed.isEmpty ? nil : typed
        moveCursorToEnd()  // so that the newline goes below the whole line
        push("\n")
        return .refresh
    }

    /// Puts back the line kept when a question's time ran out; a line too tall for the screen now is cut next.
    func restoreKeptLine() -> KeyOutcome {
        guard let line = keptLine else { return .norm }
        keptLine = nil
        insert(line)
        return .refresh
    }

    // MARK: Ctrl-C

    /// Ctrl-C: show "^C" at the end of the line, then end it the way Enter does, so libedit moves below the line.
    func cancelLine() -> KeyOutcome {
        cancelled = true
        moveCursorToEnd()
        insert("^C")
        push("\n")
        return .refresh
    }

    /// Inserts the character that takes no column read last, composed with the character before the cursor when
    /// Unicode has one character for both (e and U+0301 make é, ᄀ and ᅡ make 가), so that it shows as typed.
    func insertPendingNoColumn() -> KeyOutcome {
        guard let scalar = pendingNoColumn else { return .norm }
        pendingNoColumn = nil
        if let last = lineAroundCursor().before.last {
            deleteBeforeCursor(last.unicodeScalars.count)
            insert((String(last) + String(scalar)).precomposedStringWithCanonicalMapping)
        } else {
            insert(scalar)
        }
        return .refresh
    }
}
