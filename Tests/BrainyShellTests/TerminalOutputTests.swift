@testable import BrainyShell
import BrainyKit
import Testing

/// The console's last gate: the shell's own colours, line breaks and tabs pass; every other control goes, whichever
/// renderer forgot to clean what it placed.
@Suite struct TerminalOutputTests {
    @Test(arguments: Settings.Theme.allCases)
    func theShellsOwnColoursPass(_ theme: Settings.Theme) {
        let console = Console(language: .en, theme: theme, colorEnabled: true, capturing: true)
        let painted = console.paint("right", \.success) + "\t" + console.paint("wrong", \.failure) + "\nnext"
        #expect(TerminalOutput.safe(painted, keeping: console.palette) == painted)
    }

    @Test(arguments: HostileTextTests.hostile)
    func everyOtherControlGoes(_ text: String) {
        let safe = TerminalOutput.safe("a" + text + "\u{1B}[0m" + text + "b\n", keeping: .forTheme(.dark))
        #expect(HostileTextTests.isSafe(safe.replacingOccurrences(of: "\u{1B}[0m", with: "")), "\(safe.debugDescription)")
        #expect(safe.hasPrefix("a") && safe.hasSuffix("b\n") && safe.contains("\u{1B}[0m"))
    }

    @Test func aColourTheShellNeverWritesGoes() {
        // Conceal (8) and a cursor move are no palette's: they go even when written just like a colour.
        #expect(TerminalOutput.safe("x\u{1B}[8my\u{1B}[2;1Hz", keeping: .forTheme(.dark)) == "xyz")
    }

    @Test func aLineOfAnOptionPrintedUncleanedReachesTheConsoleClean() {
        let console = Console(language: .en, theme: .dark, colorEnabled: true, capturing: true)
        console.line("  1) The Who\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{202E}")
        console.error("bad \u{9B}31m")
        console.notice("\u{1B}[Hnote")
        #expect(HostileTextTests.isSafe(console.captured.replacingOccurrences(of: console.palette.failure, with: "")
            .replacingOccurrences(of: console.palette.reset, with: "")), "\(console.captured.debugDescription)")
        #expect(console.captured.contains("The Who") && console.captured.contains("note"))
    }

    /// `--color never` and NO_COLOR: no theme's colour reaches the terminal, whoever painted it.
    @Test(arguments: Settings.Theme.allCases)
    func withColourOffNoThemesCodePasses(_ theme: Settings.Theme) {
        let console = Console(language: .en, theme: theme, colorEnabled: false, capturing: true)
        let other = Palette.forTheme(theme)
        console.line(other.success + "right" + other.reset + "\t" + other.accent + "key" + other.reset)
        console.data(other.emphasis + "data" + other.reset)
        console.notice(other.warning + "note" + other.reset)
        console.error(other.failure + "bad" + other.reset)
        #expect(!console.captured.contains("\u{1B}"), "\(console.captured.debugDescription)")
        #expect(console.captured == "right\tkey\ndata\nnote\nbad\n", "\(console.captured.debugDescription)")
    }

    /// A console painting with one theme lets only that theme's codes through.
    @Test func onlyTheCurrentPalettesCodesPass() {
        let dark = Palette.forTheme(.dark)
        let kept = Set(TerminalOutput.codes(of: dark).map { String(String.UnicodeScalarView($0)) })
        for theme in Settings.Theme.allCases {
            for code in TerminalOutput.codes(of: .forTheme(theme)) {
                let text = String(String.UnicodeScalarView(code))
                let safe = TerminalOutput.safe("a" + text + "b", keeping: dark)
                #expect(safe == (kept.contains(text) ? "a" + text + "b" : "ab"), "\(theme): \(text.debugDescription)")
            }
        }
        #expect(TerminalOutput.codes(of: .none).isEmpty)
    }
}
