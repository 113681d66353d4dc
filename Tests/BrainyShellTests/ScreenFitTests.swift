import Testing
@testable import BrainyShell

/// The line editor keeps the prompt and the line within the screen, counted as libedit lays them out (its `re_putc`
/// and `re_addc`), so that libedit never scrolls its own copy of the screen, where wide characters crashed it.
@Suite struct ScreenFitTests {
    /// libedit's cells for the characters used here (the shell asks the C library the same questions).
    static let measure: ScreenFit.Measure = { scalar in
        switch scalar {
        case 0x09: ScreenFit.Cells(width: 1, pieces: -1)                   // tab
        case ..<0x20, 0x7F...0x9F: ScreenFit.Cells(width: 1, pieces: 2)     // ^X
        case 0x0300...0x036F, 0x200B, 0xFE0F: ScreenFit.Cells(width: 0, pieces: 1)
        case 0xAC00...0xD7A3, 0x1F300...0x1FAFF: ScreenFit.Cells(width: 2, pieces: 1)
        case 0xE000...0xF8FF: ScreenFit.Cells(width: 1, pieces: 7)          // shown as \U+E000
        default: ScreenFit.Cells(width: 1, pieces: 1)
        }
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func asciiFillsRowsAndAFullRowMovesToTheNext() {
        #expect(ScreenFit.position(after: Self.scalars("abc"), columns: 10, measure: Self.measure) == (0, 3))
        #expect(ScreenFit.position(after: Self.scalars(String(repeating: "a", count: 10)), columns: 10,
                                   measure: Self.measure) == (1, 0))
        #expect(ScreenFit.position(after: Self.scalars(String(repeating: "a", count: 25)), columns: 10,
                                   measure: Self.measure) == (2, 5))
    }

    @Test func aWideCharacterThatDoesNotFitGoesToTheNextRow() {
        // Nine columns used: 가 needs two, so the tenth stays blank.
        let line = Self.scalars(String(repeating: "a", count: 9) + "가")
        #expect(ScreenFit.position(after: line, columns: 10, measure: Self.measure) == (1, 2))
        #expect(ScreenFit.position(after: Self.scalars(String(repeating: "👍", count: 5)), columns: 10,
                                   measure: Self.measure) == (1, 0))
    }

    @Test func zeroWidthTabsAndControlsCountAsLibeditDrawsThem() {
        #expect(ScreenFit.position(after: Self.scalars("e\u{301}\u{200B}"), columns: 10, measure: Self.measure) == (0, 1))
        #expect(ScreenFit.position(after: Self.scalars("a\tb"), columns: 20, measure: Self.measure) == (0, 9))
        #expect(ScreenFit.position(after: Self.scalars("\u{1}"), columns: 20, measure: Self.measure) == (0, 2))
        #expect(ScreenFit.position(after: Self.scalars("\u{E000}"), columns: 20, measure: Self.measure) == (0, 7))
        // A skin tone is its own wide character to libedit: 👍🏽 takes four columns.
        #expect(ScreenFit.position(after: Self.scalars("👍🏽"), columns: 20, measure: Self.measure) == (0, 4))
    }

    @Test func aLineFitsWhileItLeavesOneRowSpare() {
        let prompt = Self.scalars("brainy> ")  // 8 columns
        // 80 × 24: 23 rows usable, 1840 columns, 1832 after the prompt (the cursor then sits on row 23: too tall).
        let fits = Self.scalars(String(repeating: "가", count: 915))
        let tooTall = Self.scalars(String(repeating: "가", count: 916))
        #expect(ScreenFit.fits(prompt: prompt, line: fits, rows: 24, columns: 80, measure: Self.measure))
        #expect(!ScreenFit.fits(prompt: prompt, line: tooTall, rows: 24, columns: 80, measure: Self.measure))
        #expect(ScreenFit.fittingCount(prompt: prompt, line: tooTall + tooTall, rows: 24, columns: 80,
                                       measure: Self.measure) == 915)
    }

    @Test func aSmallerWindowKeepsLessOfTheSameLine() {
        let prompt = Self.scalars("brainy guest> ")
        let line = Self.scalars(String(repeating: "👍🏽\u{AD}", count: 200))
        #expect(ScreenFit.fits(prompt: prompt, line: line, rows: 40, columns: 80, measure: Self.measure))
        #expect(!ScreenFit.fits(prompt: prompt, line: line, rows: 20, columns: 40, measure: Self.measure))
        let kept = ScreenFit.fittingCount(prompt: prompt, line: line, rows: 20, columns: 40, measure: Self.measure)
        #expect(kept > 0 && kept < line.count)
        #expect(ScreenFit.fits(prompt: prompt, line: Array(line.prefix(kept)), rows: 20, columns: 40, measure: Self.measure))
        #expect(!ScreenFit.fits(prompt: prompt, line: Array(line.prefix(kept + 1)), rows: 20, columns: 40,
                                measure: Self.measure))
    }

    @Test func aTinyScreenKeepsWhatItCanAndAPromptTallerThanItKeepsNothing() {
        #expect(ScreenFit.usableRows(3) == 3)
        #expect(ScreenFit.usableRows(1) == 1)
        let prompt = Self.scalars(String(repeating: "p", count: 30))
        #expect(ScreenFit.fittingCount(prompt: prompt, line: Self.scalars("abc"), rows: 2, columns: 10,
                                       measure: Self.measure) == 0)
    }
}
