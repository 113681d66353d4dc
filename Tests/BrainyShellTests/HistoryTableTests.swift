import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `history all` at 80 columns shows the whole of every row: no cell cut with "…", every line within the terminal, in
/// English and in Korean (Hangul two columns wide); at 120 columns the table is whole, accuracy and long names included.
@Suite struct HistoryTableTests {
    static let now = ShellHarness.start  // 2026-09-21

    /// The widest rows there are: a stage quiz of 10 left at 10/10 after twelve minutes, a multiple-choice one, one of
    /// last year, and one of each other type.
    static func quizzes() -> [Quiz] {
        let dealt = (1...10).map { DealtQuestion(questionId: "general-\($0)", optionOrder: [0, 1, 2, 3]) }
        func quiz(_ id: String, _ type: QuizType, _ category: QuizCategory, stage: Int?, status: QuizStatus,
                  daysAgo: Double, correct: Int, duration: Double) -> Quiz {
            Quiz(id: id, userId: "u", type: type, category: category, format: stage == nil ? .individual : .stage,
                 selection: .random, stage: stage, dealt: dealt, status: status,
                 startedAt: now.addingTimeInterval(-daysAgo * 86_400), correctCount: correct, answeredCount: 10,
                 duration: duration)
        }
        return [
            quiz("3f2a91c0aaaa", .multipleChoice, .general, stage: 12, status: .abandoned, daysAgo: 1, correct: 10, duration: 725),
            quiz("7b1e00d4bbbb", .shortAnswer, .country, stage: nil, status: .finished, daysAgo: 2, correct: 7, duration: 41.5),
            quiz("c0ffee11cccc", .voice, .music, stage: nil, status: .abandoned, daysAgo: 3, correct: 0, duration: 3599),
            quiz("deadbeefdddd", .ai, .person, stage: 3, status: .finished, daysAgo: 4, correct: 3, duration: 4000),
            quiz("0123abcdeeee", .multipleChoice, .drama, stage: nil, status: .finished, daysAgo: 300, correct: 9, duration: 90),
        ]
    }

    func lines(_ language: Language, width: Int) -> [String] {
        HistoryTable(quizzes: Self.quizzes(), language: language, timeZone: .gmt, now: Self.now).lines(width: width)
    }

    /// The row of quiz `id`: the one line that starts with its first eight characters.
    func row(_ id: String, in lines: [String]) throws -> String {
        let found = lines.filter { $0.hasPrefix(String(id.prefix(8))) }
        try #require(found.count == 1, "\(lines.joined(separator: "\n"))")
        return found[0]
    }

    @Test func atEightyColumnsEveryEnglishRowIsWholeOnOneLine() throws {
        let lines = lines(.en, width: 80)
        for line in lines {
            #expect(line.displayWidth <= 80, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        // A header, a rule and one line a quiz: nothing had to be broken.
        #expect(lines.count == 2 + Self.quizzes().count, "\(lines.joined(separator: "\n"))")
        let stage = try row("3f2a91c0", in: lines)
        for part in ["09-20 14:13", "general", "choice", "stage 12", "10/10 (left)", "12m 05s"] {
            #expect(stage.contains(part), "\(part) in \(stage)")
        }
        #expect(try row("7b1e00d4", in: lines).contains("41.5s"))
        #expect(try row("c0ffee11", in: lines).contains("0/10 (left)"))
        #expect(try row("deadbeef", in: lines).contains("1h 06m"))
        // Last year's date keeps its year.
        #expect(try row("0123abcd", in: lines).contains("2025-11-25 14:13"))
        // The accuracy is left out at this width; the score says it.
        #expect(!lines[0].contains("accuracy"))
    }

    @Test func atEightyColumnsEveryKoreanRowIsWholeOnOneLine() throws {
        let lines = lines(.ko, width: 80)
        for line in lines {
            #expect(line.displayWidth <= 80, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        #expect(lines.count == 2 + Self.quizzes().count, "\(lines.joined(separator: "\n"))")
        let stage = try row("3f2a91c0", in: lines)
        for part in ["09-20 14:13", "상식", "객관식", "스테이지 12", "10/10 (그만둠)", "12분 05초"] {
            #expect(stage.contains(part), "\(part) in \(stage)")
        }
        #expect(try row("c0ffee11", in: lines).contains("음성"))
        // Last year's date without its time (as `ls -l` shows it), this year's without the year.
        #expect(try row("0123abcd", in: lines).contains("2025-11-25 "))
        #expect(try row("7b1e00d4", in: lines).contains("개별"))
    }

    @Test(arguments: [Language.en, .ko])
    func atAHundredAndTwentyColumnsTheWholeTableShows(_ language: Language) throws {
        let lines = lines(language, width: 120)
        for line in lines {
            #expect(line.displayWidth <= 120, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        #expect(lines[0].contains(language == .ko ? "정답률" : "accuracy"))
        let stage = try row("3f2a91c0", in: lines)
        #expect(stage.contains("2026-09-20 14:13"))
        #expect(stage.contains(language == .ko ? "객관식" : "multiple choice"))
        #expect(stage.contains("100%"))
        #expect(try row("c0ffee11", in: lines).contains(language == .ko ? "음성모드" : "voice"))
    }

    @Test(arguments: [Language.en, .ko])
    func narrowerStillARowIsBrokenBetweenWordsNeverCut(_ language: Language) throws {
        let lines = lines(language, width: 66)
        for line in lines {
            #expect(line.displayWidth <= 66, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        #expect(lines.count > 2 + Self.quizzes().count, "some row takes two lines")
        let words = lines.flatMap { $0.split(separator: " ").map(String.init) }
        let expected = language == .ko ? ["3f2a91c0", "스테이지", "12", "(그만둠)", "12분", "05초", "2025-11-25", "1시간"]
            : ["3f2a91c0", "stage", "12", "(left)", "12m", "05s", "2025-11-25", "individual"]
        for word in expected { #expect(words.contains(word), "\(word) in \(lines.joined(separator: "\n"))") }
    }

    /// Too narrow for whole words, the words are split, but every character of every row is still printed.
    @Test(arguments: [Language.en, .ko])
    func atFortyColumnsNothingIsLeftOut(_ language: Language) throws {
        let lines = lines(language, width: 40)
        for line in lines {
            #expect(line.displayWidth <= 40, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        let shown = HistoryTable(quizzes: Self.quizzes(), language: language, timeZone: .gmt, now: Self.now).table(.shortDates)
        let expected = (shown.header + shown.rows.flatMap { $0 }).joined().filter { $0 != " " }
        let printed = lines.filter { !$0.hasPrefix("─") }.joined().filter { $0 != " " }
        #expect(printed.sorted() == expected.sorted(), "\(lines.joined(separator: "\n"))")
    }

    @Test func theHistoryCommandAtEightyColumnsShowsWholeRows() throws {
        let shell = try ShellHarness()
        for language in [Language.en, .ko] {
            let session = ShellSession(services: shell.services(),
                                       options: ShellOptions(seed: 7, languageOverride: language, timeZone: .gmt,
                                                             columnsOverride: 80),
                                       reader: PlainLineReader(lines: []),
                                       console: Console(language: language, theme: .system, colorEnabled: false,
                                                        capturing: true))
            for line in ["login guest", "mode mc", "category general", "start 1", "1", "next",
                         "mode short", "category country", "start 2", "x", "next", "abandon", "history all"] {
                _ = try session.execute(line)
            }
            let printed = session.console.captured
            let table = printed.components(separatedBy: "\n").drop { !$0.hasPrefix(language == .ko ? "ID" : "id  ") }
            try #require(!table.isEmpty, "\(printed)")
            for line in table {
                #expect(line.displayWidth <= 80, "\(line)")
                #expect(!line.contains("…"), "\(line)")
            }
            #expect(table.contains { $0.contains(language == .ko ? "(그만둠)" : "(left)") }, "\(printed)")
            #expect(table.contains { $0.contains(language == .ko ? "객관식" : "choice") }, "\(printed)")
        }
    }

    /// A quiz id comes back from the server as another device (or a client that lies) sent it: the table shows it
    /// without its terminal controls.
    @Test(arguments: [Language.en, .ko]) func aQuizIdWithControlsIsShownClean(_ language: Language) {
        var quizzes = Self.quizzes()
        quizzes[0].id = "\u{1B}]0;x\u{07}\u{1B}[2J\u{9B}31m-rest"
        let shown = HistoryTable(quizzes: quizzes, language: language, timeZone: .gmt, now: Self.now)
            .lines(width: 120).joined(separator: "\n")
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
                "\(shown.debugDescription)")
    }
}
