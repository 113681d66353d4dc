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

    /// A key nobody types (the C1 control U+009E), pushed back into libedit's input to call `searchStep` again
    /// after each refresh.
    private static let searchStepKey = "\u{9E}"

    /// A key nobody types (the C1 control U+009D), read in place of a character that takes no column (a combining
    /// accent): its function inserts that character without libedit's fast path, which crashes on such characters
    /// (see `brainy_takes_no_column`).
    private static let noColumnKey: Unicode.Scalar = "\u{9D}"
    /// The character that takes no column, read and not yet inserted.
    private var pendingNoColumn: Unicode.Scalar?

    /// Zero-width bracket for escape sequences in the prompt (libedit's `EL_PROMPT_ESC`).
    private static let promptEscape: CChar = 1

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
            let result = brainy_read_character(editLine, character)
            guard result == 1, brainy_takes_no_column(character.pointee) != 0,
                  let owner = EditLineReader.owner(of: editLine), owner.search == nil,
                  let scalar = Unicode.Scalar(UInt32(bitPattern: character.pointee))
            else { return result }
            owner.pendingNoColumn = scalar
            character.pointee = wchar_t(bitPattern: EditLineReader.noColumnKey.value)
            return 1
        }
        brainy_el_set_history(editLine, history)
        brainy_el_set_prompt(
            editLine,
            { editLine in
                guard let owner = EditLineReader.owner(of: editLine) else { return nil }
                return owner.search == nil ? owner.prompt : owner.searchPrompt
            },
            Self.promptEscape
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
        brainy_el_bind(editLine, Self.searchStepKey, "brainy-search-step")

        // Ctrl-@ (a NUL byte) left libedit's reader half way through a character: the Return after it was inserted
        // as "^M" and no prompt came back. The key does nothing here.
        brainy_el_add_function(editLine, "brainy-ignore", "Do nothing") { _, _ in UInt8(CC_NORM) }
        brainy_el_bind(editLine, "^@", "brainy-ignore")

        brainy_el_add_function(editLine, "brainy-insert-no-column", "Insert a character that takes no column") {
            editLine, _ in
            EditLineReader.owner(of: editLine)?.insertPendingNoColumn() ?? UInt8(CC_ERROR)
        }
        brainy_el_bind(editLine, String(Self.noColumnKey), "brainy-insert-no-column")

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
        // el_gets shows the prompt before it switches the terminal to raw mode; keys typed in that gap would get
        // cooked-mode meaning (Ctrl-C would kill the shell). Switch first: el_gets finds the mode already set.
        brainy_el_prepare_terminal(editLine, 1)
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
        let path = historyFile.path
        // Create it readable by its owner only before libedit writes it, and tighten an existing one.
        let directory = historyFile.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        chmod(path, 0o600)
        _ = brainy_history_save(history, path)
    }

    // MARK: - Callbacks from libedit

    private static func owner(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = brainy_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    private func setPrompt(_ text: String) {
        visiblePrompt = ANSIText.pieces(of: text).reduce(into: "") { visible, piece in
            if case .text(let text) = piece { visible += text }
        }
        free(prompt)
        prompt = strdup(Self.bracketingEscapes(in: text))
    }

    /// Wraps each escape sequence of the prompt in `promptEscape` so libedit gives it no width.
    private static func bracketingEscapes(in text: String) -> String {
        let bracket = String(UnicodeScalar(UInt8(promptEscape)))
        var result = ""
        for piece in ANSIText.pieces(of: text) {
            switch piece {
            case .text(let visible): result += visible
            case .escape(let escape): result += bracket + escape + bracket
            }
        }
        return result
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
        el_push(editLine, Self.searchStepKey)
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

    /// Replaces the whole line, leaving the cursor `cursorFromEnd` characters before its end.
    private func setLine(_ line: String, cursorFromEnd: Int) {
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
        let word = lineBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""

        let candidates = completer(lineBeforeCursor)
        guard let first = candidates.first else { return UInt8(CC_ERROR) }
        if candidates.count == 1 {
            replace(word, with: first + " ")
            return UInt8(CC_REFRESH)
        }
        let shared = CompletionListing.commonPrefix(of: candidates)
        if shared.count > word.count {
            replace(word, with: shared)
            return UInt8(CC_REFRESH)
        }
        if shared != word, shared.count == word.count {
            replace(word, with: shared)  // the typed case differs from the candidates': take theirs
        }
        list(candidates, below: lineBeforeCursor, lineAfterCursor)
        return UInt8(CC_REDISPLAY)
    }

    private func replace(_ word: String, with text: String) {
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
