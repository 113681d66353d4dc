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
    private let completer: Completer
    private var prompt: UnsafeMutablePointer<CChar>?
    /// The prompt as shown, without escape sequences.
    private var visiblePrompt = ""
    private var cancelled = false
    /// Set while Ctrl-R searches the history; the prompt shows the search then.
    private var search: HistorySearch?
    private var searchPrompt: UnsafeMutablePointer<CChar>?

    /// The character that takes no column, read in place of `EditorKeys.noColumn` and not yet inserted.
    private var pendingNoColumn: Unicode.Scalar?
    /// Asked while a line is read (a question's time runs), and when it is due.
    private var ticking = PromptTicking()
    /// What was typed when a question's time ran out, put back on the next line read (the person finishes or
    /// clears it: nothing they typed is dropped).
    private var keptLine: String?
    /// This line's notice about the screen was shown; keys are being refused now (one bell for a run of them).
    private var fitNoticeShown = false
    private var refusing = false
    /// The line's length (in characters) when a key was last refused for want of room, until the size changes.
    private var fullAtLength: Int?
    /// Up and Down: which line of the history is shown (0 the newest; nil the line being typed), and that line.
    private var historyPosition: Int?
    private var lineBeforeHistory = ""
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
            EditLineReader.owner(of: editLine)?.cancelLine() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^C", "brainy-cancel")

        brainy_el_add_function(editLine, "brainy-complete", "Complete the word") { editLine, _ in
            EditLineReader.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^I", "brainy-complete")

        // libedit's own Ctrl-R (em-inc-search-prev) looks a key up by its low byte only, so about half of all
        // Hangul syllables (가 is U+AC00) end the search instead of extending it. This one reads whole characters.
        brainy_el_add_function(editLine, "brainy-search", "Search the history backwards") { editLine, _ in
            EditLineReader.owner(of: editLine)?.startSearch() ?? UInt8(CC_ERROR)
        }
        brainy_el_add_function(editLine, "brainy-search-step", "Read the next key of a search") { editLine, _ in
            EditLineReader.owner(of: editLine)?.searchStep() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, "^R", "brainy-search")
        brainy_el_bind(editLine, String(EditorKeys.searchStep), "brainy-search-step")

        // Ctrl-@ (a NUL byte) left libedit's reader half way through a character: the Return after it was inserted
        // as "^M" and no prompt came back. The key does nothing here.
        brainy_el_add_function(editLine, "brainy-ignore", "Do nothing") { _, _ in UInt8(CC_NORM) }
        brainy_el_bind(editLine, "^@", "brainy-ignore")

        brainy_el_add_function(editLine, "brainy-insert-no-column", "Insert a character that takes no column") {
            editLine, _ in
            EditLineReader.owner(of: editLine)?.insertPendingNoColumn() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.noColumn), "brainy-insert-no-column")

        brainy_el_add_function(editLine, "brainy-tick", "Redraw the prompt as time passes") { editLine, _ in
            EditLineReader.owner(of: editLine)?.tick() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.tick), "brainy-tick")
        brainy_el_add_function(editLine, "brainy-refuse", "Refuse a key the screen has no room for") { editLine, _ in
            EditLineReader.owner(of: editLine)?.refuseKey() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.refuse), "brainy-refuse")
        brainy_el_add_function(editLine, "brainy-fit", "Cut the line to fit the screen") { editLine, _ in
            EditLineReader.owner(of: editLine)?.cutToFit() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.fit), "brainy-fit")
        brainy_el_add_function(editLine, "brainy-restore", "Put back the line the time cut short") { editLine, _ in
            EditLineReader.owner(of: editLine)?.restoreKeptLine() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(EditorKeys.restore), "brainy-restore")

        // History by the shell, not libedit: a recalled line is cut to fit the screen before libedit draws it (a
        // line accepted in a wide window, recalled in a small one).
        brainy_el_add_function(editLine, "brainy-history-older", "The previous line of the history") { editLine, _ in
            EditLineReader.owner(of: editLine)?.recall(older: true) ?? UInt8(CC_ERROR)
        }
        brainy_el_add_function(editLine, "brainy-history-newer", "The next line of the history") { editLine, _ in
            EditLineReader.owner(of: editLine)?.recall(older: false) ?? UInt8(CC_ERROR)
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

    private func setPrompt(_ text: String) {
        let text = PromptText(text)
        visiblePrompt = text.visible
        free(prompt)
        prompt = strdup(text.bracketed)
    }

    // MARK: Reading keys

    /// libedit's key reader: the next key typed, or one of the shell's own keys when the line must be cut to fit,
    /// a key must be refused, or the ticker is due. Returns as `brainy_read_character` does (1 with a key).
    private func readKey(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            // libedit sized itself from the terminal at the start of the line or at a resize: tall again.
            brainy_el_keep_rows(editLine, Self.libeditRows)
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
            let result = brainy_read_character(editLine, character, ticking.millisecondsLeft())
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
            if brainy_takes_no_column(key) != 0, let scalar = Unicode.Scalar(UInt32(bitPattern: key)) {
                pendingNoColumn = scalar
                character.pointee = Self.wide(EditorKeys.noColumn)
            }
            return 1
        }
    }

    private static func wide(_ scalar: Unicode.Scalar) -> wchar_t {
        wchar_t(bitPattern: scalar.value)
    }

    /// The ticker's key: the prompt redrawn with the time left (libedit redraws only what changed, so the line and
    /// the cursor stay as they are); when the time is up, the line ends as cancelled.
    private func tick() -> UInt8 {
        guard let tick = ticking.ask() else { return UInt8(CC_NORM) }
        setPrompt(tick.prompt)
        fullAtLength = nil  // the prompt's width may have changed
        guard tick.timeUp else { return UInt8(CC_REFRESH) }
        cancelled = true
        // What was being typed (before a Ctrl-R search, the line the search started from) is kept for the next line.
        let typed = search?.originalLine ?? currentLine()
        keptLine = typed.isEmpty ? nil : typed
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_line(editLine, &cursor, &length)
        _ = el_cursor(editLine, length)  // to the end, so that the newline goes below the whole line
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Puts back the line kept when a question's time ran out; a line too tall for the screen now is cut next.
    private func restoreKeptLine() -> UInt8 {
        guard let line = keptLine else { return UInt8(CC_NORM) }
        keptLine = nil
        brainy_el_insertstr(editLine, line)
        return UInt8(CC_REFRESH)
    }

    // MARK: Keeping the line within the screen

    /// The characters of the line being edited.
    private func wideLine() -> (scalars: [UInt32], cursor: Int) {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_wline(editLine, &cursor, &length), length > 0 else { return ([], 0) }
        let scalars = UnsafeBufferPointer(start: buffer, count: Int(length)).map { UInt32(bitPattern: $0) }
        return (scalars, Int(cursor))
    }

    private func lineLength() -> Int {
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_wline(editLine, &cursor, &length)
        return Int(length)
    }

    /// The screen a line must fit: the terminal's rows (libedit is told there are `libeditRows`), libedit's columns.
    private func screenSize() -> (rows: Int, columns: Int) {
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

    private static let measure: ScreenFit.Measure = { scalar in
        var pieces: Int32 = 0
        let width = brainy_el_character_columns(wchar_t(bitPattern: scalar), &pieces)
        return ScreenFit.Cells(width: Int(width), pieces: Int(pieces))
    }

    private var promptScalars: [UInt32] { visiblePrompt.unicodeScalars.map(\.value) }

    /// Whether the prompt and the line (with `key` added) stay within the screen as libedit counts it. An empty line
    /// always does: there is nothing to cut.
    private func lineFits(adding key: wchar_t? = nil) -> Bool {
        var line = wideLine().scalars
        if let key { line.append(UInt32(bitPattern: key)) } else if line.isEmpty { return true }
        let size = screenSize()
        return ScreenFit.fits(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                              measure: Self.measure)
    }

    /// A key the screen has no room for: a bell, and this line's notice once.
    private func refuseKey() -> UInt8 {
        defer { refusing = true }
        guard !refusing else { return UInt8(CC_NORM) }
        return showFitNotice(ScreenFit.refusedNotice) ?? UInt8(CC_REFRESH_BEEP)
    }

    /// Cuts the line's end until it fits the screen (a smaller window, a long line recalled), and says so.
    private func cutToFit() -> UInt8 {
        let (line, _) = wideLine()
        let size = screenSize()
        let keep = ScreenFit.fittingCount(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                                          measure: Self.measure)
        guard keep < line.count else { return UInt8(CC_NORM) }
        _ = el_cursor(editLine, Int32(line.count))
        brainy_el_deletestr(editLine, Int32(line.count - keep))
        refusing = true
        return showFitNotice(ScreenFit.cutNotice) ?? UInt8(CC_REDISPLAY)
    }

    /// Rings the bell and prints `notice` below the line, the first time on this line (nil after): libedit, told
    /// `CC_REDISPLAY`, then draws the prompt and the line again below it.
    private func showFitNotice(_ notice: Localized) -> UInt8? {
        guard !fitNoticeShown else { return nil }
        fitNoticeShown = true
        let (line, cursor) = wideLine()
        let size = screenSize()
        let cursorAt = ScreenFit.position(after: promptScalars + line.prefix(cursor), columns: size.columns,
                                          measure: Self.measure)
        let end = ScreenFit.position(after: line.dropFirst(cursor), from: cursorAt, columns: size.columns,
                                     measure: Self.measure)
        // A notice wider than the screen wraps there: only the rows below it count for libedit's redraw.
        let output = brainy_stdout()
        fputs("\u{07}" + String(repeating: "\n", count: end.row - cursorAt.row + 1) + localize(notice) + "\n"
              + String(repeating: "\n", count: cursorAt.row), output)
        fflush(output)
        return UInt8(CC_REDISPLAY)
    }

    // MARK: Ctrl-C

    /// Ctrl-C: show "^C" at the end of the line, then end it the way Enter does, so libedit moves below the line.
    private func cancelLine() -> UInt8 {
        cancelled = true
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_line(editLine, &cursor, &length)
        _ = el_cursor(editLine, length)  // to the end: libedit stops there (bytes ≥ characters left)
        brainy_el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Inserts the character that takes no column read last, composed with the character before the cursor when
    /// Unicode has one character for both (e and U+0301 make é, ᄀ and ᅡ make 가), so that it shows as typed.
    private func insertPendingNoColumn() -> UInt8 {
        guard let scalar = pendingNoColumn else { return UInt8(CC_NORM) }
        pendingNoColumn = nil
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_line(editLine, &cursor, &length) else { return UInt8(CC_ERROR) }
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(cursor)), as: UTF8.self)
        if let last = before.last {
            brainy_el_deletestr(editLine, Int32(last.unicodeScalars.count))
            brainy_el_insertstr(editLine, (String(last) + String(scalar)).precomposedStringWithCanonicalMapping)
        } else {
            brainy_el_insert_character(editLine, wchar_t(bitPattern: scalar.value))
        }
        return UInt8(CC_REFRESH)
    }

    // MARK: Ctrl-R

    // MARK: Up and Down

    /// Up (older) and Down (newer): the history's lines in turn, then the line being typed before the first Up.
    private func recall(older: Bool) -> UInt8 {
        let entries = historyEntries()
        let next = (historyPosition ?? -1) + (older ? 1 : -1)
        guard next < entries.count, next >= -1, !(historyPosition == nil && !older) else {
            return UInt8(CC_REFRESH_BEEP)
        }
        if historyPosition == nil { lineBeforeHistory = currentLine() }
        historyPosition = next < 0 ? nil : next
        setLine(next < 0 ? lineBeforeHistory : entries[next], cursorFromEnd: 0)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-R: starts searching the history, newest first, for lines containing what is typed next.
    private func startSearch() -> UInt8 {
        search = HistorySearch(originalLine: currentLine(), entries: historyEntries())
        showSearch()
        return UInt8(CC_REFRESH)
    }

    /// Reads one key of the search. Typed text extends the search, Ctrl-R finds an older match, Backspace
    /// shortens it, Ctrl-G gives up; any other key (Enter, Ctrl-C, arrows…) keeps the match and does its usual job.
    private func searchStep() -> UInt8 {
        guard var search else { return UInt8(CC_ERROR) }
        var key: Int32 = 0
        guard brainy_el_getc(editLine, &key) == 1, let scalar = Unicode.Scalar(UInt32(bitPattern: key)) else {
            finishSearch(line: search.originalLine, cursorFromEnd: 0)
            return UInt8(CC_EOF)
        }
        switch scalar {
        case "\u{12}":  // Ctrl-R
            search.findOlder()
        case "\u{7F}", "\u{08}":
            search.deleteLastCharacter()
        case "\u{07}":  // Ctrl-G
            finishSearch(line: search.originalLine, cursorFromEnd: 0)
            return UInt8(CC_REFRESH)
        case _ where scalar.value < 0x20 || (0x80..<0xA0).contains(scalar.value):
            finishSearch(line: search.line, cursorFromEnd: search.charactersAfterMatchStart)
            el_push(editLine, String(scalar))
            return UInt8(CC_REFRESH)
        default:
            search.append(scalar)
        }
        self.search = search
        showSearch()
        return UInt8(search.failed ? CC_REFRESH_BEEP : CC_REFRESH)
    }

    /// Puts the current match on the line and the search in the prompt, and queues the next step.
    private func showSearch() {
        guard let search else { return }
        free(searchPrompt)
        searchPrompt = strdup(search.prompt)
        setLine(search.line, cursorFromEnd: search.charactersAfterMatchStart)
        el_push(editLine, String(EditorKeys.searchStep))
    }

    private func finishSearch(line: String, cursorFromEnd: Int) {
        search = nil
        setLine(line, cursorFromEnd: cursorFromEnd)
    }

    /// The history's lines, newest first.
    private func historyEntries() -> [String] {
        var entries: [String] = []
        var entry = brainy_history_first(history)
        while let text = entry {
            entries.append(String(cString: text))
            entry = brainy_history_next(history)
        }
        return entries
    }

    private func currentLine() -> String {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_line(editLine, &cursor, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(length)), as: UTF8.self)
    }

    /// Replaces the whole line, leaving the cursor `cursorFromEnd` characters before its end. A line too tall for
    /// the screen is cut to fit.
    private func setLine(_ line: String, cursorFromEnd: Int) {
        var line = line
        let size = screenSize()
        let scalars = line.unicodeScalars.map(\.value)
        let keep = ScreenFit.fittingCount(prompt: (search?.prompt ?? visiblePrompt).unicodeScalars.map(\.value),
                                          line: scalars, rows: size.rows, columns: size.columns, measure: Self.measure)
        if keep < scalars.count { line = String(String.UnicodeScalarView(line.unicodeScalars.prefix(keep))) }
        var cursor: Int32 = 0
        var length: Int32 = 0
        _ = brainy_el_line(editLine, &cursor, &length)
        _ = el_cursor(editLine, length)  // to the end: libedit stops there (bytes ≥ characters left)
        brainy_el_deletestr(editLine, Int32(currentLine().unicodeScalars.count))
        brainy_el_insertstr(editLine, line)
        _ = el_cursor(editLine, -Int32(cursorFromEnd))
    }

    // MARK: Tab

    /// Tab: inserts what all candidates share, or the only candidate and a space; lists them when there is
    /// nothing more to insert.
    private func complete() -> UInt8 {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_line(editLine, &cursor, &length) else { return UInt8(CC_ERROR) }
        let lineBeforeCursor = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(cursor)), as: UTF8.self)
        let lineAfterCursor = String(
            decoding: UnsafeRawBufferPointer(start: buffer + Int(cursor), count: Int(length - cursor)), as: UTF8.self)
        guard let step = CompletionListing.step(lineBeforeCursor: lineBeforeCursor,
                                                candidates: completer(lineBeforeCursor)) else {
            return UInt8(CC_ERROR)
        }
        if let insert = step.insert { replace(step.word, with: insert) }
        guard let candidates = step.list else { return UInt8(CC_REFRESH) }
        list(candidates, below: lineBeforeCursor, lineAfterCursor)
        return UInt8(CC_REDISPLAY)
    }

    private func replace(_ word: String, with text: String) {
        // A completion that would make the line taller than the screen is not inserted.
        var line = wideLine().scalars
        line.append(contentsOf: text.unicodeScalars.map(\.value))
        let size = screenSize()
        guard ScreenFit.fits(prompt: promptScalars, line: line, rows: size.rows, columns: size.columns,
                             measure: Self.measure) else { return }
        // el_deletestr counts characters (wide characters, i.e. scalars), not bytes.
        brainy_el_deletestr(editLine, Int32(word.unicodeScalars.count))
        brainy_el_insertstr(editLine, text)
    }

    /// Prints the candidates below the line being edited (`CompletionListing` lays them out).
    private func list(_ candidates: [String], below lineBeforeCursor: String, _ lineAfterCursor: String) {
        let text = CompletionListing.text(
            candidates, prompt: visiblePrompt, lineBeforeCursor: lineBeforeCursor, lineAfterCursor: lineAfterCursor,
            columns: Int(brainy_terminal_columns(STDOUT_FILENO)))
        let output = brainy_stdout()
        fputs(text, output)
        fflush(output)
    }
}
