import Foundation
import Glibc
import Testing

/// What a person reads at a real terminal (TERM=xterm-256color, 24 or 40 rows, no PAGER, the shipped config): a typo in
/// short answer is asked about, `clear` clears the screen, long lines break between words at the terminal's width.
@Suite(.serialized) struct PersonTextEndToEndTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-text-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    func launch(_ language: String, columns: Int = 100, rows: Int = 24) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", language, "--seed", "7"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "PATH": "/usr/bin:/bin"],
            columns: columns, rows: rows)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    @Test(arguments: [24, 40])
    func aTypoInShortAnswerIsAskedAboutAndTheQuestionStaysOpen(rows: Int) throws {
        let shell = try launch("ko", rows: rows)
        defer { try? FileManager.default.removeItem(at: home) }
        shell.sendLine("login guest")
        _ = try shell.expect("guest로 로그인했습니다")
        shell.sendLine("mode 주관식")
        _ = try shell.expect("주관식을 골랐습니다")
        shell.sendLine("category 음악")
        _ = try shell.expect("start")
        shell.sendLine("start 2")
        _ = try shell.expect("[1/2]")
        shell.sendLine("hnit")
        _ = try shell.expect("'hint'를 입력하려던 건가요?")
        _ = try shell.expect("'answer hnit'")
        #expect(!shell.output.contains("오답입니다"))
        shell.sendLine("answer hnit")
        _ = try shell.expect("오답입니다")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func clearClearsTheScreen() throws {
        let shell = try launch("en")
        defer { try? FileManager.default.removeItem(at: home) }
        shell.sendLine("state")
        _ = try shell.expect("State: signed_out")
        shell.clearOutput()
        shell.sendLine("clear")
        shell.sendLine("timing on")
        _ = try shell.expect("Timing is on.")
        #expect(String(decoding: shell.rawOutput, as: UTF8.self).contains("\u{1B}[H\u{1B}[2J"))
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func longLinesBreakBetweenWordsAtTheTerminalsWidth() throws {
        let shell = try launch("en", columns: 60)
        defer { try? FileManager.default.removeItem(at: home) }
        shell.sendLine("login guest")
        _ = try shell.expect("Signed in as guest")
        shell.sendLine("mode mc")
        _ = try shell.expect("Choose a category")
        shell.clearOutput()
        shell.sendLine("category country")
        let shown = try shell.expect("random 10).")
        // At 60 columns the notice takes two lines, broken at a space: "(default:" stays whole.
        #expect(shown.contains("(default:"), "\(shown)")
        for line in shown.split(separator: "\n") { #expect(line.count <= 60, "\(line)") }
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}
