/// Keys nobody types (C1 controls), which the line editor reads in place of what the shell itself wants done between
/// two keys; each is bound to one of the editor's own functions. And which keys add a character to the line.
enum EditorKeys {
    /// Pushed back into libedit's input after each refresh while Ctrl-R searches, to read the search's next key.
    static let searchStep: Unicode.Scalar = "\u{9E}"
    /// Read in place of a character that takes no column (a combining accent): its function inserts that character
    /// without libedit's fast path, which crashes on such characters (see `brainy_takes_no_column`).
    static let noColumn: Unicode.Scalar = "\u{9D}"
    /// Ask the ticker and redraw the prompt (a question's time runs).
    static let tick: Unicode.Scalar = "\u{9C}"
    /// Refuse a key that would make the line taller than the screen.
    static let refuse: Unicode.Scalar = "\u{9B}"
    /// Cut a line that a resize, a recalled line or a yank made taller than the screen.
    static let fit: Unicode.Scalar = "\u{9A}"
    /// Put back the line a question's time cut short.
    static let restore: Unicode.Scalar = "\u{99}"

    /// Whether `key`, bound as libedit binds printable characters, adds a character to the line (no control, no
    /// DEL, none of the C1 controls above).
    static func inserts(_ key: UInt32) -> Bool {
        key >= 0x20 && key != 0x7F && !(0x80..<0xA0).contains(key)
    }
}
