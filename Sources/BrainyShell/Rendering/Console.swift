import BrainyCommandLine
import BrainyKit

/// Where the shell writes: standard output for results, standard error for errors, in the user's language and theme.
public final class Console {
    public var language: Language
    public var palette: Palette
    public let colorEnabled: Bool
    /// `-q`: notices (the banner, "Signed in as guest") are not written at all.
    public var quiet = false
    /// `--format json|plain`: standard output carries only what `data` writes; every other line (notices, prompts
    /// for the next step, feedback) goes to standard error.
    public var dataOnlyOnStandardOutput = false
    /// The width lines are wrapped to, between words (the terminal's, or a transcript's): asked at each line, since a
    /// terminal may be resized. Nil, or nil returned: lines are written as they are.
    public var wrapWidth: (() -> Int?)?
    /// Everything written, when capturing (tests).
    public private(set) var captured: String = ""
    private let capturing: Bool
    /// While a transcript records: what the current command printed, colours removed.
    private var segment: String?
    /// Output held back (stdout and stderr apart) to be written later, in order.
    private var held: [(String, Bool)]?

    /// Holds what is written until `release()`: start-up notices wait for the banner in the user's language.
    public func hold() { held = [] }

    /// Stops holding and writes what was held.
    public func release() {
        let pending = held ?? []
        held = nil
        for (text, toError) in pending { write(text, toError: toError) }
    }

    /// Stops holding and hands back what was held, to be released after something else is written.
    public func takeHeld() -> Console.Held {
        defer { held = nil }
        return Held(items: held ?? [])
    }

    public func write(_ held: Held) {
        for (text, toError) in held.items { write(text, toError: toError) }
    }

    public struct Held {
        fileprivate var items: [(String, Bool)]
    }

    public init(language: Language, theme: Settings.Theme, colorEnabled: Bool, capturing: Bool = false) {
        self.language = language
        self.colorEnabled = colorEnabled
        self.palette = colorEnabled ? .forTheme(theme) : .none
        self.capturing = capturing
    }

    public func apply(theme: Settings.Theme) {
        palette = colorEnabled ? .forTheme(theme) : .none
    }

    public func text(_ localized: Localized) -> String { localized[language] }

    public func line(_ text: String = "") { write(wrapped(TerminalOutput.safe(text, keeping: palette)) + "\n", toError: dataOnlyOnStandardOutput) }

    /// `text` with `marker` before each line it takes once wrapped: a box's side ("│ ") stays beside every line of a
    /// long text, where `line(_:)` would start the lines it continues at the left edge.
    public func line(beside marker: String, _ text: String) {
        let room = wrapWidth?().map { $0 - marker.displayWidth }
        let body = room.map { $0 > 0 && text.displayWidth > $0 ? Self.wrap(text, width: $0) : text } ?? text
        for piece in body.split(separator: "\n", omittingEmptySubsequences: false) { line(marker + piece) }
    }

    /// A result for scripts (a JSON document, tab-separated rows): always on standard output.
    public func data(_ text: String) { write(TerminalOutput.safe(text, keeping: palette) + "\n", toError: false) }

    public func line(_ localized: Localized) { line(localized[language]) }

    /// A line that informs and is no result: dropped with `-q`, on standard error when the output is data.
    public func notice(_ text: String) {
        guard !quiet else { return }
        write(wrapped(TerminalOutput.safe(text, keeping: palette)) + "\n", toError: dataOnlyOnStandardOutput)
    }

    public func notice(_ localized: Localized) { notice(localized[language]) }

    public func error(_ text: String) {
        write("\(palette.failure)\(wrapped(TerminalOutput.safe(text, keeping: palette)))\(palette.reset)\n", toError: true)
    }

    /// `text` broken between words to fit `wrapWidth`, each continued line indented as the line it continues. A
    /// terminal breaks a long line at its last column, inside a word ("sett" / "ings"); this breaks it before.
    func wrapped(_ text: String) -> String {
        guard let width = wrapWidth?(), width > 0, text.displayWidth > width else { return text }
        return Self.wrap(text, width: width)
    }

    /// The shell's one wrapping rule: `TextWrapping` measured in terminal columns.
    static func wrap(_ text: String, width: Int, indent: String? = nil) -> String {
        TextWrapping.lines(text, width: width, indent: indent, measure: \.displayWidth).joined(separator: "\n")
    }

    public func paint(_ text: String, _ color: KeyPath<Palette, String>) -> String {
        let code = palette[keyPath: color]
        return code.isEmpty ? text : code + text + palette.reset
    }

    /// Output of the current command kept back to go through a pager when it does not fit the terminal.
    private var paged: String?

    /// Starts keeping a long listing back (only on a terminal; scripts and captures print straight away).
    public func beginPaging() {
        if !capturing, held == nil, Platform.isTerminal(.output) { paged = "" }
    }

    /// Prints what was kept back: through `$PAGER` (or `less -FRX`) when it has more lines than the terminal.
    public func endPaging() {
        guard let text = paged else { return }
        paged = nil
        // Rows on the screen: a line wider than the terminal takes more than one.
        let columns = Platform.terminalColumns()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reduce(0) {
            $0 + max(1, (String($1).displayWidth + columns - 1) / columns)
        }
        if let rows = Platform.terminalRows(), lines >= rows - 1, Pager.fromEnvironment().show(text) { return }
        write(text, toError: false)
    }

    /// Whether a line drawn over itself (a progress bar) reaches a person: a terminal, nothing held, kept or paged.
    public var showsLiveProgress: Bool {
        Platform.isTerminal(.output) && !capturing && held == nil && segment == nil && paged == nil
    }

    /// Draws `text` over the current line (a progress bar); does nothing unless `showsLiveProgress`.
    public func progress(_ text: String) {
        guard showsLiveProgress else { return }
        write("\r\u{1B}[2K" + TerminalOutput.safe(text, keeping: palette), toError: false)
    }

    /// Clears a progress line drawn with `progress(_:)`.
    public func endProgress() {
        guard showsLiveProgress else { return }
        write("\r\u{1B}[2K", toError: false)
    }

    /// Clears the terminal's screen and puts the cursor at its top (`clear`). Only on a terminal, with nothing
    /// held, kept, paged or captured: a pipe, a file or a transcript gets nothing.
    public func clearScreen() {
        guard showsLiveProgress else { return }
        write("\u{1B}[H\u{1B}[2J", toError: false)
    }

    /// Starts keeping a copy of what is written (for a transcript).
    public func beginSegment() { segment = "" }

    /// Stops keeping a copy and returns it, without colour codes.
    public func endSegment() -> String {
        defer { segment = nil }
        return ANSIText.stripped(segment ?? "")
    }

    private func write(_ text: String, toError: Bool) {
        if held != nil {
            held?.append((text, toError))
            return
        }
        if !toError, paged != nil {
            segment? += text
            paged? += text
            return
        }
        segment? += text
        if capturing {
            captured += text
            return
        }
        Platform.write(text, to: toError ? .error : .output)
    }
}
