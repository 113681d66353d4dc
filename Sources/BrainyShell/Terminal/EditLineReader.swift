import BrainyKit
import CEditLine
import Foundation

/// Reads lines from a person at a terminal through libedit: emacs keys (or what `~/.editrc` asks for, such as
/// `bind -v` for vi keys), history kept across runs with Ctrl-R search, Tab completion that lays Korean out
/// correctly, Ctrl-C that cancels the line instead of the shell, and Ctrl-L that clears the screen.
///
/// Create it only when standard input is a terminal; a pipe needs a plain buffered reader instead.
/// libedit's callbacks run on the thread inside `readLine`, which reach this object through `EL_CLIENTDATA`.
public final class EditLineReader: LineReader {
    public let isInteractive = true

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: URL?
    let completer: Completer
    private var prompt: UnsafeMutablePointer<CChar>?
    /// The prompt as shown, without escape sequences.
    var visiblePrompt = ""
    var cancelled = false
    /// Set while Ctrl-R searches the history; the prompt shows the search then.
    var search: HistorySearch?
    private var searchPrompt: UnsafeMutablePointer<CChar>?

    /// The character that takes no column, read in place of `EditorKeys.noColumn` and not yet inserted.
    var pendingNoColumn: Unicode.Scalar?
    /// Asked while a line is read (a question's time runs), and when it is due.
    var ticking = PromptTicking()
    /// What was typed when a question's time ran out, put back on the next line read (the person finishes or
    /// clears it: nothing they typed is dropped).
    var keptLine: String?
    /// This line's notice about the screen was shown; keys are being refused now (one bell for a run of them).
    var fitNoticeShown = false
    var refusing = false
    /// The line's length (in characters) when a key was last refused for want of room, until the size changes.
    var fullAtLength: Int?
    /// Up and Down: which line of the history is shown (0 the newest; nil the line being typed), and that line.
    var historyPosition: Int?
    var lineBeforeHistory = ""
    /// How a notice reads in the shell's language now.
    public var localize: (Localized) -> String = { $0.en }

    /// - Parameters:
    ///   - programName: the program's name as libedit knows it (lines of `~/.editrc` may start with `brainy:`).
    ///   - historyFile: where history is loaded from now and saved to on each `remember`; nil keeps none.
    ///   - historySize: how many lines the history keeps.
    ///   - completer: gives the candidates for Tab.
    public init(programName: String, historyFile: URL?, historySize: Int = 1000, completer: @escaping Completer) {
        // Before el_init: in the C locale libedit drops every non-ASCII byte.
        brainy_setup_locale()
        editLine = el_init(programName, brainy_stdin(), brainy_stdout(), brainy_stderr())
        history = history_init()
        self.historyFile = historyFile
        self.completer = completer

        brainy_history_set_size(history, Int32(clamping: max(1, historySize)))
        brainy_history_set_unique(history, 1)
        if let historyFile {
            _ = brainy_history_load(history, historyFile.path)  // a missing file is a first run
        }

        brainy_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        brainy_el_set_editor(editLine, "emacs")  // explicitly: without it Left and Backspace do nothing
        // The user's settings next (`bind -v` for vi keys): `bind -v` resets every key map, so the shell's own keys
        // are bound after it.
        _ = brainy_el_source_user_settings(editLine)
        // Before EL_SIGNAL, so that libedit finds it and puts it back after its own handler has run once.
        brainy_install_resize_wake()
        Platform.noteTerminationSignals()
        brainy_el_set_signal(editLine, 1)  // restore the tty and follow window size changes
        brainy_el_set_reader(editLine) { editLine, character in
            guard let character else { return -1 }
            guard let owner = EditLineReader.owner(of: editLine) else { return brainy_read_character(editLine, character, -1) }
            return owner.readKey(into: character)
        }
        brainy_el_set_history(editLine, history)
        brainy_el_set_prompt(
            editLine,
            { editLine in
                guard let owner = EditLineReader.owner(of: editLine) else { return nil }
                return owner.search == nil ? owner.prompt : owner.searchPrompt
            },
            CChar(PromptText.bracket.value)
        )

        // Ctrl-C arrives as a key while editing, and cancels the line.
        brainy_el_setty_edit(editLine, "-isig")
        brainy_el_add_function(editLine, "brainy-cancel", "Cancel the line") { editLine, _ in
            EditLineReader.owner(of: editLine)?.cancelLine().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^C", "brainy-cancel")

        brainy_el_add_function(editLine, "brainy-complete", "Complete the word") { editLine, _ in
            EditLineReader.owner(of: editLine)?.complete().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^I", "brainy-complete")

        // libedit's own Ctrl-R (em-inc-search-prev) looks a key up by its low byte only, so about half of all
        // Hangul syllables (가 is U+AC00) end the search instead of extending it. This one reads whole characters.
        brainy_el_add_function(editLine, "brainy-search", "Search the history backwards") { editLine, _ in
            EditLineReader.owner(of: editLine)?.startSearch().code ?? UInt8(CC_ERROR)
        }
        brainy_el_add_function(editLine, "brainy-search-step", "Read the next key of a search") { editLine, _ in
            EditLineReader.owner(of: editLine)?.searchStep().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^R", "brainy-search")
        brainy_el_bind(editLine, String(EditorKeys.searchStep), "brainy-search-step")

        // Ctrl-@ (a NUL byte) left libedit's reader half way through a character: the Return after it was inserted
        // as "^M" and no prompt came back. The key does nothing here.
        brainy_el_add_function(editLine, "brainy-ignore", "Do nothing") { _, _ in UInt8(CC_NORM) }
        brainy_el_bind(editLine, "^@", "brainy-ignore")

        brainy_el_add_function(editLine, "brainy-insert-no-column", "Insert a character that takes no column") {
            editLine, _ in
            EditLineReader.owner(of: editLine)?.insertPendingNoColumn().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.noColumn), "brainy-insert-no-column")

        brainy_el_add_function(editLine, "brainy-tick", "Redraw the prompt as time passes") { editLine, _ in
            EditLineReader.owner(of: editLine)?.tick().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.tick), "brainy-tick")
        brainy_el_add_function(editLine, "brainy-refuse", "Refuse a key the screen has no room for") { editLine, _ in
            EditLineReader.owner(of: editLine)?.refuseKey().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.refuse), "brainy-refuse")
        brainy_el_add_function(editLine, "brainy-fit", "Cut the line to fit the screen") { editLine, _ in
            EditLineReader.owner(of: editLine)?.cutToFit().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.fit), "brainy-fit")
        brainy_el_add_function(editLine, "brainy-restore", "Put back the line the time cut short") { editLine, _ in
            EditLineReader.owner(of: editLine)?.restoreKeptLine().code ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.restore), "brainy-restore")

        // History by the shell, not libedit: a recalled line is cut to fit the screen before libedit draws it (a
        // line accepted in a wide window, recalled in a small one).
        brainy_el_add_function(editLine, "brainy-history-older", "The previous line of the history") { editLine, _ in
            EditLineReader.owner(of: editLine)?.recall(older: true).code ?? UInt8(CC_ERROR)
        }
        brainy_el_add_function(editLine, "brainy-history-newer", "The next line of the history") { editLine, _ in
            EditLineReader.owner(of: editLine)?.recall(older: false).code ?? UInt8(CC_ERROR)
        }
        // The arrows' sequences only with emacs keys: bound in vi keys, they made Escape a prefix that waited for
        // the rest of a sequence, so Escape no longer left insert mode (vi users keep libedit's own arrows).
        let vi = brainy_el_editor_is_vi(editLine) != 0
        for key in ["^P"] + (vi ? [] : ["\u{1B}[A", "\u{1B}OA"]) { brainy_el_bind(editLine, key, "brainy-history-older") }
        for key in ["^N"] + (vi ? [] : ["\u{1B}[B", "\u{1B}OB"]) { brainy_el_bind(editLine, key, "brainy-history-newer") }

        // Escape and a digit repeat the next key that many times (up to 999,999) in emacs keys: one key could then
        // insert a line far taller than the screen, which libedit cannot draw. Not kept: nobody counts in a quiz.
        if !vi {
            for digit in 0...9 { brainy_el_bind(editLine, "\u{1B}\(digit)", "brainy-ignore") }
        }

        // Ctrl-L clears the screen in vi keys too (emacs keys have it already).
        brainy_el_bind(editLine, "^L", "ed-clear-screen")
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(prompt)
        free(searchPrompt)
    }

    /// Ctrl-C shows "^C" and moves below the line before returning `.cancelled`; Ctrl-D on an empty line shows
    /// "^D" and returns `.end` with the cursor still after it.
    public func readLine(prompt: String) -> LineInput {
        // SIGHUP or SIGTERM came during a command: the input has ended.
        if Platform.terminationSignal != nil { return .end }
        setPrompt(prompt)
        cancelled = false
        search = nil
        fitNoticeShown = false
        refusing = false
        fullAtLength = nil
        historyPosition = nil
        if keptLine != nil {
            let output = brainy_stdout()
            fputs(localize(KeptLine.notice) + "\n", output)
            fflush(output)
        }
        // el_gets shows the prompt before it switches the terminal to raw mode; keys typed in that gap would get
        // cooked-mode meaning (Ctrl-C would kill the shell). Switch first: el_gets finds the mode already set.
        brainy_el_prepare_terminal(editLine, 1)
        // Resizes reach libedit only while it waits for a key, never in the middle of a redraw.
        brainy_hold_resizes(1)
        defer { brainy_hold_resizes(0) }
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count), count > 0 else {
            return .end  // libedit showed "^D" and left the cursor after it: the caller ends that line
        }
        // The text belongs to libedit until the next call: copy it at once.
        var line = String(cString: raw)
        if cancelled {
            return .cancelled
        }
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Reads a line while `ticker` keeps the prompt up to date: asked when the line starts and then when it says,
    /// between keys; when it says the time is up the line ends as `.cancelled`, what was typed left on screen.
    public func readLine(prompt: String, ticker: PromptTicker?) -> LineInput {
        ticking = PromptTicking(ticker)
        defer { ticking = PromptTicking() }
        _ = ticking.ask()
        return readLine(prompt: prompt)
    }

    public func readSecret(prompt: String) -> String? {
        SecretInput.read(prompt: prompt)
    }

    public func remember(_ line: String) {
        // Trailing spaces do not survive libedit's history file (a saved "a\040" loads as "a"): drop them now
        // so this run and the next recall the same line.
        var line = line
        while line.last?.isWhitespace == true { line.removeLast() }
        guard !line.isEmpty else { return }
        brainy_history_enter(history, line)
        guard let historyFile else { return }
        // Readable by its owner only before libedit writes it (an existing one tightened).
        Platform.prepareOwnerOnlyFile(historyFile.path)
        _ = brainy_history_save(history, historyFile.path)
    }

    // MARK: - Callbacks from libedit

    private static func owner(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = brainy_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    func setPrompt(_ text: String) {
        let text = PromptText(text)
        visiblePrompt = text.visible
        free(prompt)
        prompt = strdup(text.bracketed)
    }

    // MARK: - The line as libedit holds it
    // The one place the editing reaches libedit's line, history and screen: the key handlers (the extensions in
    // `EditLineReader+…` files) work through these and never touch the C API themselves.

    /// What a key handler asks libedit to do next (its `CC_…` codes).
    enum KeyOutcome {
        /// Nothing to redraw.
        case norm
        /// Redraw what changed.
        case refresh
        case refreshBeep
        /// Something was printed below the line: draw the prompt and the line again.
        case redisplay
        case error
        /// End the line as end of input.
        case eof

        var code: UInt8 {
            switch self {
            case .norm: UInt8(CC_NORM)
            case .refresh: UInt8(CC_REFRESH)
            case .refreshBeep: UInt8(CC_REFRESH_BEEP)
            case .redisplay: UInt8(CC_REDISPLAY)
            case .error: UInt8(CC_ERROR)
            case .eof: UInt8(CC_EOF)
            }
        }
    }

    /// The line's text before and after the cursor.
    func lineAroundCursor() -> (before: String, after: String) {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_line(editLine, &cursor, &length) else { return ("", "") }
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(cursor)), as: UTF8.self)
        let after = String(
            decoding: UnsafeRawBufferPointer(start: buffer + Int(cursor), count: Int(length - cursor)), as: UTF8.self)
        return (before, after)
    }

    func currentLine() -> String {
        let (before, after) = lineAroundCursor()
        return before + after
    }

    /// The characters of the line being edited.
    func wideLine() -> (scalars: [UInt32], cursor: Int) {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_wline(editLine, &cursor, &length), length > 0 else { return ([], 0) }
        let scalars = UnsafeBufferPointer(start: buffer, count: Int(length)).map { UInt32(bitPattern: $0) }
        return (scalars, Int(cursor))
    }

    func lineLength() -> Int {
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_wline(editLine, &cursor, &length)
        return Int(length)
    }

    /// Inserts `text` at the cursor.
    func insert(_ text: String) { brainy_el_insertstr(editLine, text) }

    func insert(_ scalar: Unicode.Scalar) { brainy_el_insert_character(editLine, wchar_t(bitPattern: scalar.value)) }

    /// Deletes `count` characters (wide characters, i.e. scalars, not bytes) before the cursor.
    func deleteBeforeCursor(_ count: Int) { brainy_el_deletestr(editLine, Int32(count)) }

    /// Moves the cursor `count` characters right (left when negative); libedit stops at either end.
    func moveCursor(by count: Int) { _ = el_cursor(editLine, Int32(clamping: count)) }

    /// To the end of the line: moved by its length in bytes (at least its characters), libedit stops there.
    func moveCursorToEnd() {
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_line(editLine, &cursor, &length)
        _ = el_cursor(editLine, length)
    }

    /// Keeps libedit's idea of the screen tall (it sized itself from the terminal at a line's start or a resize).
    func keepLibeditTall() { brainy_el_keep_rows(editLine, Self.libeditRows) }

    /// Reads a key into `character` as libedit's reader does: 1 with a key, 2 when `milliseconds` passed first, 3
    /// when a signal came (the window may have changed size), else end of input or an error.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>, waitingAtMost milliseconds: Int32) -> Int32 {
        let result = brainy_read_character(editLine, character, milliseconds)
        // SIGHUP or SIGTERM (libedit has put the terminal back): the input ends here, as at Ctrl-D.
        if result == 3, Platform.terminationSignal != nil { return -1 }
        return result
    }

    /// A character that takes no column (a combining mark, a Hangul vowel or final consonant typed alone).
    static func takesNoColumn(_ key: wchar_t) -> Bool { brainy_takes_no_column(key) != 0 }

    /// Queues `text` as if typed, read after the key being handled.
    func push(_ text: String) { el_push(editLine, text) }

    /// The next key, read in a key handler (a search's); nil at the end of input.
    func nextKey() -> Unicode.Scalar? {
        var key: Int32 = 0
        guard brainy_el_getc(editLine, &key) == 1 else { return nil }
        return Unicode.Scalar(UInt32(bitPattern: key))
    }

    /// Prints `text` where libedit prints (below the line, before a redisplay).
    func write(_ text: String) {
        let output = brainy_stdout()
        fputs(text, output)
        fflush(output)
    }

    var terminalColumns: Int { Int(brainy_terminal_columns(STDOUT_FILENO)) }

    /// The prompt shown while Ctrl-R searches.
    func setSearchPrompt(_ text: String) {
        free(searchPrompt)
        searchPrompt = strdup(text)
    }

    /// The history's lines, newest first.
    func historyEntries() -> [String] {
        var entries: [String] = []
        var entry = brainy_history_first(history)
        while let text = entry {
            entries.append(String(cString: text))
            entry = brainy_history_next(history)
        }
        return entries
    }

    /// The screen a line must fit: the terminal's rows (libedit is told there are `libeditRows`), libedit's columns.
    func screenSize() -> (rows: Int, columns: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        brainy_el_screen_size(editLine, &rows, &columns)
        let terminalRows = brainy_terminal_rows(STDOUT_FILENO)
        return (max(1, Int(terminalRows > 0 ? min(terminalRows, rows) : rows)), max(1, Int(columns)))
    }

    /// How many rows libedit is told the screen has: far more than any line it draws, so that it never scrolls its
    /// copy of the screen (see `brainy_el_keep_rows`). Every key that inserts is refused past the real screen; a key
    /// that inserts more at once (Ctrl-Y, a line from libedit's own history search, at most twice the screen or 4 KB
    /// of text) is drawn in these rows, and the line is cut to the real screen before the next key is read.
    private static let libeditRows: Int32 = 1000

    /// How libedit draws a character.
    static let measure: ScreenFit.Measure = { scalar in
        var pieces: Int32 = 0
        let width = brainy_el_character_columns(wchar_t(bitPattern: scalar), &pieces)
        return ScreenFit.Cells(width: Int(width), pieces: Int(pieces))
    }
}
