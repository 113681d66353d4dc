import Testing
@testable import BrainyShell

@Suite struct DisplayWidthTests {
    @Test func asciiTakesOneColumnPerCharacter() {
        #expect("drama".displayWidth == 5)
        #expect("".displayWidth == 0)
    }

    @Test func hangulTakesTwoColumnsPerSyllable() {
        #expect("나라".displayWidth == 4)
        // Decomposed Jamo (initial + medial + final) still make one double-width syllable.
        #expect("\u{1100}\u{1161}\u{11A8}".displayWidth == 2)
    }

    @Test func mixedTextAddsNarrowAndWideColumns() {
        #expect("category 나라".displayWidth == 13)
        #expect("東京 ok".displayWidth == 7)
    }

    @Test func combiningMarksAndEmojiHaveTheirTerminalWidth() {
        #expect("e\u{301}".displayWidth == 1)
        #expect("👍".displayWidth == 2)
        #expect("👍🏽".displayWidth == 2)
    }

    @Test func ansiEscapesTakeNoRoom() {
        #expect("\u{1B}[1;31m나라\u{1B}[0m".displayWidth == 4)
        #expect("\u{1B}]0;title\u{07}ok".displayWidth == 2)
    }

    @Test func paddingFillsToTheWidthInColumns() {
        #expect("나라".padded(toWidth: 6) == "나라  ")
        #expect("ab".padded(toWidth: 4) == "ab  ")
        #expect("drama".padded(toWidth: 3) == "drama")
    }

    @Test func truncationCutsByColumnsAndEndsWithAnEllipsis() {
        #expect("나라사랑".truncated(toWidth: 5) == "나라…")
        #expect("나라사랑".truncated(toWidth: 6) == "나라…")
        #expect("나라사랑".truncated(toWidth: 8) == "나라사랑")
        #expect("abcdef".truncated(toWidth: 4) == "abc…")
    }

    @Test func truncationKeepsColoursAndResetsThem() {
        let coloured = "\u{1B}[32mabcdef\u{1B}[0m"
        #expect(coloured.truncated(toWidth: 4) == "\u{1B}[32mabc…\u{1B}[0m")
        #expect(coloured.truncated(toWidth: 4).displayWidth == 4)
    }

    /// Plain text (printable ASCII, Hangul syllables, common CJK ideographs) is measured without splitting it into
    /// characters; every scalar of those ranges must measure as the general rule measures it, alone and after a
    /// character that could join it.
    @Test func theFastPathForPlainTextAgreesWithTheGeneralRule() {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xAC00...0xD7A3, 0x4E00...0x9FFF]
        for range in ranges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                #expect(String(scalar).displayWidth == scalar.displayWidth, "U+\(String(value, radix: 16))")
            }
        }
        // Outside the ranges the general rule decides: a combining accent, a jamo, a variation selector, a joiner.
        #expect("e\u{301}".displayWidth == 1)
        #expect("\u{1100}\u{1161}\u{11A8}".displayWidth == 2)
        #expect("\u{2764}\u{FE0F}".displayWidth == 2)
        #expect("가\u{200D}".displayWidth == 2)
        #expect("a\u{7}b".displayWidth == 2)
    }
}
