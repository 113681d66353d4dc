import Foundation
import Glibc
import Testing

/// The line editor as a person meets it on a real pseudo-terminal (TERM=xterm-256color, the default colours, no PAGER,
/// the shipped config; 24 and 40 rows, or the size a case needs): the timer counting down in the prompt while they
/// type and closing the question by itself, what they were typing given back, and pasted or yanked lines that crashed
/// Debian's libedit (SIGSEGV) answered by a shell still alive.
@Suite(.serialized) struct TerminalLiveEndToEndTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func launch(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en", "--seed", "5"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "PATH": "/usr/bin:/bin"].merging(environment) { $1 },
            columns: columns, rows: rows)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        _ = try terminal.expect("brainy guest> ")
        return terminal
    }

    // MARK: The live timer

    @Test(arguments: [24, 40])
    func theTimerCountsDownInThePromptAndClosesTheQuestionByItself(rows: Int) throws {
        let shell = try launch(rows: rows)
        shell.sendLine("settings timer 3")
        _ = try shell.expect("timer = 3")
        shell.sendLine("mode mc")
        _ = try shell.expect("Choose a category")
        shell.sendLine("category country")
        _ = try shell.expect("individual")
        shell.sendLine("start 2")
        _ = try shell.expect("[1/2]")
        _ = try shell.expect("Type a number or the option")
        let prompt = try shell.expect("s left> ")
        let first = try #require(prompt.dropLast("s left> ".count).last?.wholeNumberValue)
        #expect((1...3).contains(first))
        // Typed but not sent: the countdown redraws the prompt around it, and the question closes with no key.
        shell.send("prof")
        let countdown = try shell.expect("Time is up (limit 3s). It counts as wrong.", timeout: .seconds(15))
        // Each second the prompt's number is written again on the same line (libedit redraws only what changed).
        let redrawn = countdown.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        #expect(redrawn.contains("prof"))
        for second in 1..<first { #expect(redrawn.contains(String(second)), "no \(second) redrawn in \(redrawn.debugDescription)") }
        #expect(!countdown.contains("Not quite"))
        #expect(!countdown.contains("Correct"))
        _ = try shell.expect("Answer: ")
        _ = try shell.expect("Type 'next' for the next question.")
        // What was being typed is not dropped: it is back on the next line, to finish (or clear with Ctrl-U).
        _ = try shell.expect("What you were typing is kept: Enter runs it, Ctrl-U clears it.")
        _ = try shell.expect("1/2> prof")
        shell.sendLine("ile")
        _ = try shell.expect("hints left")

        // The question is closed: the quiz goes on to the next one, whose limit starts afresh.
        shell.sendLine("next")
        _ = try shell.expect("[2/2]")
        _ = try shell.expect("2/2 3s left> ")
        shell.sendLine("1")
        _ = try shell.expect("Answer: ")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    // MARK: Lines taller than the screen

    /// The rest of a pasted run is refused once the line would be taller than the screen: one notice, a shell that
    /// still answers.
    private func pasteAndMove(_ shell: PseudoTerminal, _ first: String, then more: String) throws {
        shell.send(first)
        _ = try shell.expect("The line is full: it must fit the screen.")
        shell.send("\u{01}")  // Ctrl-A
        shell.send("\u{05}")  // Ctrl-E
        shell.send(more)
        shell.send("\u{01}\u{05}")
    }

    private func expectAlive(_ shell: PseudoTerminal) throws {
        shell.send("\u{15}")  // Ctrl-U: the whole line goes
        shell.sendLine("state")
        _ = try shell.expect("home")
        _ = try shell.expect("brainy guest> ")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aThousandHangulSyllablesAt80x24AreCutShortAndTheShellAnswers() throws {
        let shell = try launch(columns: 80, rows: 24)
        try pasteAndMove(shell, String(repeating: "가", count: 1000), then: String(repeating: "가", count: 100))
        try expectAlive(shell)
        #expect(shell.output.components(separatedBy: "The line is full").count == 2)  // said once
    }

    @Test func fiveHundredThumbsAt40x20AreCutShortAndTheShellAnswers() throws {
        let shell = try launch(columns: 40, rows: 20)
        try pasteAndMove(shell, String(repeating: "👍", count: 500), then: String(repeating: "👍", count: 50))
        try expectAlive(shell)
    }

    /// Keys that insert many characters at once, past the check made for each typed key: a line killed and yanked
    /// back three times (libedit yanks while the line stays within its 1,024-character buffer), Escape 9 9 and a key
    /// (a count, not kept), libedit's own history search (stat, Escape p) recalling a line far taller than the screen. Each
    /// line is cut to the screen before the next key, and the shell answers.
    @Test(arguments: [(40, 20, "👍", 250), (80, 24, "가", 500), (40, 20, "👍🏽\u{AD}", 130)])
    func yanksCountsAndHistorySearchesCannotMakeALineTallerThanTheScreen(size: (Int, Int, String, Int)) throws {
        let (columns, rows, unit, count) = size
        let history = home.appendingPathComponent("history-\(columns)")
        try ("_HiStOrY_V2_\nstate\\040" + String(repeating: unit, count: 1500) + "\n").write(
            to: history, atomically: true, encoding: .utf8)
        let shell = try launch(columns: columns, rows: rows, environment: ["BRAINY_HISTFILE": history.path])
        shell.send(String(repeating: unit, count: count))  // fits the screen
        shell.send("\u{01}\u{0B}\r")  // Ctrl-A, Ctrl-K: the whole line killed (and kept to yank); Enter
        shell.send("\u{19}\u{19}\u{19}")  // on a new line, Ctrl-Y three times: the line would be three screens
        _ = try shell.expect("The line's end was cut to fit the screen.")
        shell.send("\u{01}\u{05}\u{15}\r")
        shell.send("\u{1B}9\u{1B}9" + unit + "\u{01}\u{05}\u{15}\r")
        shell.send("stat\u{1B}p")  // the history's line holding "stat", 1,500 units long
        _ = try shell.expect("The line's end was cut to fit the screen.")
        shell.send("\u{01}\u{05}")
        try expectAlive(shell)
    }

    @Test func aLineThatFitUntilTheWindowShrankIsCutToTheNewSize() throws {
        let shell = try launch(columns: 80, rows: 40)
        // Skin-toned thumbs and soft hyphens: 200 × 5 columns as libedit counts them, 13 rows of 80 but 25 of 40.
        shell.send(String(repeating: "👍🏽\u{AD}", count: 200))
        shell.send("\u{01}\u{05}")
        // Ctrl-L draws the prompt again once every key before it was read: the paste is all in.
        shell.send("\u{0C}")
        _ = try shell.expect("brainy guest> ")
        #expect(!shell.output.contains("The line is full"))
        shell.resize(columns: 40, rows: 20)
        _ = try shell.expect("The line's end was cut to fit the screen.")
        shell.send("\u{01}\u{05}")
        shell.send(String(repeating: "👍🏽\u{AD}", count: 20))
        try expectAlive(shell)
    }
}
