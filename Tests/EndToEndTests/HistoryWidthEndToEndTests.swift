import Foundation
import Testing

/// `history` as a person sees it on a real terminal (TERM=xterm-256color, no PAGER, the shipped config): at 80 columns
/// every row is whole, nothing cut with "…" and no line wider than the terminal; at 120 the whole table shows. In
/// English and Korean (Hangul two columns wide).
@Suite(.serialized) struct HistoryWidthEndToEndTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-history-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    /// A stage quiz and a multiple-choice one, each left after one answer: the widest rows there are.
    func play(_ language: String) throws {
        let script = "login guest\nmode mc\ncategory general\nformat stage\nstart\n1\nnext\nabandon\n"
            + "mode mc\ncategory country\nformat individual\nstart 2\n1\nnext\nabandon\n"
        let setup = try BrainyProcess.run(["--db", database.path, "--lang", language, "--seed", "1"], stdin: script)
        #expect(setup.status == 0, "\(setup.err)")
    }

    /// The table's lines as `history` printed them on a terminal `columns` wide.
    func historyLines(_ language: String, columns: Int) throws -> [String] {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"), arguments: ["--db", database.path, "--lang", language],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "PATH": "/usr/bin:/bin"],
            columns: columns, rows: 24)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.clearOutput()
        terminal.sendLine("history")
        let footer = language == "ko" ? "'history <ID>'로 자세히 보기." : "'history <id>' shows one in detail."
        let printed = try terminal.expect(footer)
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
        let lines = printed.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix(language == "ko" ? "ID  " : "id  ") }, "\(printed)")
        let end = try #require(lines.firstIndex { $0.contains(footer) }, "\(printed)")
        return Array(lines[header..<end])
    }

    /// Columns on the terminal: Hangul syllables and CJK take two.
    func width(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            total + ((0xAC00...0xD7A3).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
    }

    @Test(arguments: ["en", "ko"])
    func atEightyColumnsEveryRowIsWhole(_ language: String) throws {
        try play(language)
        let lines = try historyLines(language, columns: 80)
        #expect(lines.count == 4, "a header, a rule and two rows: \(lines)")
        for line in lines {
            #expect(width(line) <= 80, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        let stage = try #require(lines.first { $0.contains(language == "ko" ? "스테이지 1" : "stage 1") }, "\(lines)")
        for part in language == "ko" ? ["상식", "객관식", "/5 (그만둠)", "초"] : ["general", "choice", "/5 (left)", "s"] {
            #expect(stage.contains(part), "\(part) in \(stage)")
        }
        #expect(lines.contains { $0.contains(language == "ko" ? "/2 (그만둠)" : "/2 (left)") }, "\(lines)")
    }

    @Test(arguments: ["en", "ko"])
    func atAHundredAndTwentyColumnsTheWholeTableShows(_ language: String) throws {
        try play(language)
        let lines = try historyLines(language, columns: 120)
        #expect(lines[0].contains(language == "ko" ? "정답률" : "accuracy"), "\(lines)")
        for line in lines {
            #expect(width(line) <= 120, "\(line)")
            #expect(!line.contains("…"), "\(line)")
        }
        #expect(lines.contains { $0.contains(language == "ko" ? "객관식" : "multiple choice") && $0.contains("%") },
                "\(lines)")
    }
}
