@testable import BrainyShell
import BrainyCommandLine
import BrainyKit
import Testing

/// Text a person reads is broken between words, never inside one (English or Korean), at the width of the terminal
/// measured in columns (Hangul takes two), and a line that continues another keeps its indent.
@Suite struct TextWrappingTests {
    func wrap(_ text: String, _ width: Int, indent: String? = nil) -> [String] {
        TextWrapping.lines(text, width: width, indent: indent, measure: \.displayWidth)
    }

    @Test func aLineThatFitsIsLeftAsItIsSpacesAndAll() {
        #expect(wrap("  record <file>    record what is typed", 80) == ["  record <file>    record what is typed"])
    }

    @Test func englishBreaksBetweenWordsNeverInsideOne() {
        let text = "multiple choice · country · individual. Type 'start [random|unsolved] [count]' to begin (default: random 10)."
        let lines = wrap(text, 60)
        #expect(lines.count > 1)
        for line in lines { #expect(line.displayWidth <= 60, "\(line)") }
        #expect(lines.joined(separator: " ") == text, "only spaces are where lines break")
        #expect(lines.contains { $0.hasSuffix("(default:") || $0.contains("(default: random") })
    }

    @Test func koreanBreaksBetweenWordsMeasuredInColumns() {
        let text = "객관식 · 나라 · 개별. 'start [random|unsolved] [개수]'로 시작하세요 (기본: random 10). 설정에서 바꿀 수 있습니다."
        let lines = wrap(text, 30)
        for line in lines { #expect(line.displayWidth <= 30, "\(line) is \(line.displayWidth) columns") }
        let words = Set(text.split(separator: " ").map(String.init))
        for line in lines {
            for word in line.split(separator: " ") { #expect(words.contains(String(word)), "'\(word)' was cut") }
        }
    }

    @Test func aWordWiderThanTheLineGetsALineOfItsOwnUncut() {
        let path = "/a/very/long/path/to/a/transcript/file/that/will/not/fit.transcript"
        #expect(wrap("Recorded to \(path) just now", 30) == ["Recorded to", path, "just now"])
    }

    @Test func continuedLinesKeepTheIndentOfTheLineTheyContinue() {
        let lines = wrap("  Why: Romansh, spoken mainly in the canton of Graubünden, became a national language", 40)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        let hanging = wrap("help [command]   commands valid now, or one command in detail", 40, indent: "                 ")
        #expect(hanging.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 17)) })
    }

    @Test func colourCodesTakeNoColumns() {
        let red = "\u{1B}[31m", reset = "\u{1B}[0m"
        let text = "\(red)one two three four five six\(reset)"
        #expect(wrap(text, 27) == [text])
        #expect(wrap(text, 14).map(ANSIText.stripped) == ["one two three", "four five six"])
    }

    @Test func theConsoleWrapsEveryLineToItsWidth() {
        let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        console.wrapWidth = { 20 }
        console.line("the quick brown fox jumps over the lazy dog")
        console.error("settings: theme, language, timer, count")
        #expect(console.captured == "the quick brown fox\njumps over the lazy\ndog\nsettings: theme,\nlanguage, timer,\ncount\n")
    }

    @Test func helpListsSummariesInTheirColumnWithoutCuttingThem() throws {
        let shell = try ShellHarness()
        let session = ShellSession(services: shell.services(),
                                   options: ShellOptions(seed: 7, languageOverride: .en, timeZone: .gmt, columnsOverride: 60),
                                   reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        _ = try session.execute("help")
        let lines = session.console.captured.split(separator: "\n").map(String.init)
        // Every summary is there whole, only broken at spaces.
        let flat = session.console.captured.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for name in session.allowedCommands {
            let summary = CommandRegistry.command(name).summary.en
            #expect(flat.contains(summary), "\(summary)")
        }
        for line in lines { #expect(line.displayWidth <= 60, "\(line)") }
        // "record what is typed and printed (replay and compare with brainy --check)" goes on under its column.
        let record = try #require(lines.firstIndex { $0.hasPrefix("  record <file>") })
        let column = try #require(lines[record].range(of: "record what")).lowerBound.utf16Offset(in: lines[record])
        #expect(lines[record + 1].prefix(column).allSatisfy { $0 == " " } && lines[record + 1].dropFirst(column).first != " ",
                "\(lines[record + 1])")
        #expect(lines.joined(separator: " ").contains("brainy --check)"))
    }
}
