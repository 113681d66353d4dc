import CEditLine
import Foundation
import Glibc

/// Reads lines from a person at a terminal through libedit: emacs keys, history kept across runs with Ctrl-R
/// search, Tab completion that lays Korean out correctly, and Ctrl-C that cancels the line instead of the shell.
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
    private var cancelled = false

    /// Zero-width bracket for escape sequences in the prompt (libedit's `EL_PROMPT_ESC`).
    private static let promptEscape: CChar = 1

    /// - Parameters:
    ///   - programName: the program's name as libedit knows it (`~/.editrc` is not read).
    ///   - historyFile: where history is loaded from now and saved to on each `remember`; nil keeps none.
    ///   - completer: gives the candidates for Tab.
    public init(programName: String, historyFile: URL?, completer: @escaping Completer) {
        // Before el_init: in the C locale libedit drops every non-ASCII byte.
        brainy_setup_locale()
        editLine = el_init(programName, brainy_stdin(), brainy_stdout(), brainy_stderr())
        history = history_init()
        self.historyFile = historyFile
        self.completer = completer

        brainy_history_set_size(history, 1000)
        brainy_history_set_unique(history, 1)
        if let historyFile {
            _ = brainy_history_load(history, historyFile.path)  // a missing file is a first run
        }

        brainy_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        brainy_el_set_editor(editLine, "emacs")  // explicitly: without it Left and Backspace do nothing
        brainy_el_set_signal(editLine, 1)  // restore the tty and follow window size changes
        brainy_el_set_history(editLine, history)
        brainy_el_set_prompt(
            editLine,
            { editLine in EditLineReader.owner(of: editLine)?.prompt ?? nil },
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
        brainy_el_bind(editLine, "^R", "em-inc-search-prev")
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(prompt)
    }

    public func readLine(prompt: String) -> LineInput {
        setPrompt(prompt)
        cancelled = false
        // el_gets shows the prompt before it switches the terminal to raw mode; keys typed in that gap would get
        // cooked-mode meaning (Ctrl-C would kill the shell). Switch first: el_gets finds the mode already set.
        brainy_el_prepare_terminal(editLine, 1)
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count), count > 0 else {
            // libedit showed "^D" and left the cursor there: what follows starts on its own line.
            fputs("\n", brainy_stdout())
            fflush(brainy_stdout())
            return .end
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

    /// Ctrl-C: show "^C" at the end of the line, then end it the way Enter does, so libedit moves below the line.
    private func cancelLine() -> UInt8 {
        cancelled = true
        _ = el_cursor(editLine, Int32.max)
        brainy_el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Tab: inserts what all candidates share, or the only candidate and a space; lists them when there is
    /// nothing more to insert.
    private func complete() -> UInt8 {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = brainy_el_line(editLine, &cursor, &length) else { return UInt8(CC_ERROR) }
        let before = UnsafeRawBufferPointer(start: buffer, count: Int(cursor))
        let lineBeforeCursor = String(decoding: before, as: UTF8.self)
        let word = lineBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""

        let candidates = completer(lineBeforeCursor)
        guard let first = candidates.first else { return UInt8(CC_ERROR) }
        if candidates.count == 1 {
            replace(word, with: first + " ")
            return UInt8(CC_REFRESH)
        }
        let shared = Self.commonPrefix(of: candidates)
        if shared.count > word.count {
            replace(word, with: shared)
            return UInt8(CC_REFRESH)
        }
        if shared != word, shared.count == word.count {
            replace(word, with: shared)  // the typed case differs from the candidates': take theirs
        }
        list(candidates)
        return UInt8(CC_REDISPLAY)
    }

    private func replace(_ word: String, with text: String) {
        // el_deletestr counts characters (wide characters, i.e. scalars), not bytes.
        brainy_el_deletestr(editLine, Int32(word.unicodeScalars.count))
        brainy_el_insertstr(editLine, text)
    }

    /// The longest start the candidates share, compared case-insensitively, spelled as the first candidate.
    static func commonPrefix(of candidates: [String]) -> String {
        guard var shared = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            var count = 0
            for (left, right) in zip(shared, candidate) {
                guard left.lowercased() == right.lowercased() else { break }
                count += 1
            }
            shared = Array(shared.prefix(count))
        }
        return String(shared)
    }

    /// Prints the candidates below the line in columns, top to bottom then left to right, as `ls` does.
    private func list(_ candidates: [String]) {
        let gap = 2
        let columnWidth = (candidates.map(\.displayWidth).max() ?? 0) + gap
        let terminalColumns = Int(brainy_terminal_columns(STDOUT_FILENO))
        let columns = max(1, min(candidates.count, (terminalColumns + gap) / columnWidth))
        let rows = (candidates.count + columns - 1) / columns
        var text = "\n"
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < candidates.count else { break }
                let isLast = column == columns - 1 || index + rows >= candidates.count
                line += isLast ? candidates[index] : candidates[index].padded(toWidth: columnWidth)
            }
            text += line + "\n"
        }
        let output = brainy_stdout()
        fputs(text, output)
        fflush(output)
    }
}
