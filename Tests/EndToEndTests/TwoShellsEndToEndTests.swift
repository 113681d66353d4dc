import Foundation
import GRDB
import Glibc
import Testing

/// One person with two terminals open: two shells of the same user at once, on the same HOME and so the same
/// database file (the default path, not `--db`), at real terminals (TERM=xterm-256color, 24 rows). Both play, their
/// answers interleaved; one syncs while the other plays. Nothing is lost or counted twice, neither stops, and what one
/// spent (a hint) the other sees.
@Suite(.serialized) struct TwoShellsEndToEndTests {
    let home: URL
    let environment: [String: String]
    /// Where the shells keep their data when nothing says otherwise.
    var database: String { home.appendingPathComponent("brainy/brainy.sqlite").path }

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-two-shells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                       "XDG_CONFIG_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    }

    func launch(_ extra: [String] = []) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--lang", "en", "--seed", "5", "--ads", "off"] + extra, environment: environment,
            columns: 100, rows: 24)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    func count(_ sql: String) throws -> Int {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: database, configuration: config).read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    /// Types a line into one shell and waits for what it answers.
    func enter(_ shell: PseudoTerminal, _ line: String, _ answer: String) throws {
        shell.sendLine(line)
        _ = try shell.expect(answer)
    }

    /// A mode as `mode` takes it, and what the shell answers.
    enum Mode: String {
        case short, mc
        var chosen: String { self == .short ? "Short answer chosen" : "Multiple choice chosen" }
    }

    /// A quiz to start in a shell: its mode, category and number of questions.
    struct QuizStart {
        var shell: PseudoTerminal
        var mode: Mode
        var category: String
        var count: Int
    }

    /// Starts a quiz in each shell a step at a time, in turn (each chooses its mode, then each its category, then
    /// each starts), as a person going from one terminal to the other does.
    func start(_ quizzes: QuizStart...) throws {
        for quiz in quizzes { try enter(quiz.shell, "mode \(quiz.mode.rawValue)", quiz.mode.chosen) }
        for quiz in quizzes { try enter(quiz.shell, "category \(quiz.category)", "Type 'start") }
        for quiz in quizzes { try enter(quiz.shell, "start \(quiz.count)", "[1/\(quiz.count)]") }
    }

    /// `next` after question `position` of `count`: the question after it, or the quiz's result after the last.
    func next(_ shell: PseudoTerminal, after position: Int, of count: Int) throws {
        try enter(shell, "next", position == count ? "Quiz result" : "[\(position + 1)/\(count)]")
    }

    @Test func twoShellsPlayingAtOnceKeepEveryAnswerOnceAndShareTheHints() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try launch()
        let second = try launch()
        try enter(first, "login guest", "Signed in as guest")
        try enter(second, "login guest", "Signed in as guest")
        try start(QuizStart(shell: first, mode: .short, category: "music", count: 3),
                  QuizStart(shell: second, mode: .mc, category: "person", count: 3))
        // A guest starts with three hints: the two shells spend them in turns, and the fourth is refused whichever
        // shell asks, since both spend from the one file.
        try enter(first, "hint", "(2 hints left)")
        try enter(second, "hint", "(1 hint left)")
        try enter(first, "answer seoul", "Answer:")
        try enter(second, "1", "Answer:")
        try next(first, after: 1, of: 3)
        try next(second, after: 1, of: 3)
        try enter(first, "hint", "(0 hints left)")
        try enter(second, "hint", "No hints left")
        for round in 2...3 {
            try enter(second, "2", "Answer:")
            try enter(first, "answer busan", "Answer:")
            try next(first, after: round, of: 3)
            try next(second, after: round, of: 3)
        }
        // Each shell's history holds both quizzes, each once.
        for shell in [first, second] {
            shell.clearOutput()
            try enter(shell, "history", "'history <id>'")
            let rows = shell.output.split(separator: "\n").filter { line in
                line.split(separator: " ").first.map { $0.count == 8 && $0.allSatisfy(\.isHexDigit) } ?? false
            }
            #expect(rows.count == 2, "\(shell.output)")
            try enter(shell, "profile", "hints left")
            #expect(shell.output.contains("hints left       0"), "\(shell.output)")
        }
        first.sendLine("exit")
        second.sendLine("exit")
        #expect(try first.waitForExit() == 0)
        #expect(try second.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quiz") == 2)
        #expect(try count("SELECT count(*) FROM quizResult") == 6)
        #expect(try count("SELECT count(*) FROM creditEvent WHERE kind = 'use'") == 3)
    }

    /// A quiz open in one shell is not taken by the other: signing in there says where it is and what to do, the
    /// other plays a quiz of its own meanwhile, and once the first shell is closed the quiz resumes where it was.
    @Test func aQuizOpenInOneShellIsSaidToBeThereAndResumesOnceThatShellCloses() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try launch()
        try enter(first, "login guest", "Signed in as guest")
        try start(QuizStart(shell: first, mode: .mc, category: "music", count: 3))
        try enter(first, "1", "Answer:")
        try next(first, after: 1, of: 3)
        let second = try launch()
        try enter(second, "login guest", "A quiz in progress is open in another shell. Continue it there, or close that")
        try start(QuizStart(shell: second, mode: .short, category: "person", count: 1))
        try enter(first, "2", "Answer:")
        try enter(second, "answer nobody", "Answer:")
        try next(second, after: 1, of: 1)
        first.sendLine("exit")
        #expect(try first.waitForExit() == 0)
        try enter(second, "logout", "Signed out")
        try enter(second, "login guest", "A quiz was interrupted")
        try enter(second, "resume", "[3/3]")
        try enter(second, "1", "Answer:")
        try next(second, after: 3, of: 3)
        second.sendLine("exit")
        #expect(try second.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quiz") == 2)
        #expect(try count("SELECT count(*) FROM quizResult") == 4)
        #expect(try count("SELECT count(*) FROM quiz WHERE status = 'finished'") == 2)
    }

    @Test func oneShellSyncsWhileTheOtherPlaysAndTheServerHoldsEachAnswerOnce() throws {
        let server = try ServerProcess(folder: home)
        defer { try? FileManager.default.removeItem(at: home) }
        let player = try launch(["--server", server.url])
        player.sendLine("register mina@example.com")
        _ = try player.expect("Password")
        player.sendLine("correct horse")
        _ = try player.expect("again")
        player.sendLine("correct horse")
        _ = try player.expect("Do you accept the terms of use and privacy policy? [y/N]")
        player.sendLine("y")
        _ = try player.expect("Stay signed in on this computer? [Y/n]")
        player.sendLine("y")
        _ = try player.expect("Signed in as mina@example.com")
        // A second terminal opened now is signed in by the same file.
        let syncer = try launch(["--server", server.url])
        try enter(syncer, "state", "mina@example.com")
        try start(QuizStart(shell: player, mode: .mc, category: "person", count: 5))
        for question in 1...5 {
            try enter(player, "1", "Answer:")
            // A sync between every two answers, the first while nothing is finished.
            try enter(syncer, "sync", "Sync")
            try next(player, after: question, of: 5)
        }
        // Then both at the same moment, after another quiz: its answers go up once.
        try enter(player, "start 5", "[1/5]")
        for question in 1...5 {
            try enter(player, "2", "Answer:")
            try next(player, after: question, of: 5)
        }
        syncer.clearOutput()
        player.clearOutput()
        syncer.sendLine("sync")
        player.sendLine("sync")
        _ = try syncer.expect("Sync")
        _ = try player.expect("Sync")
        try enter(syncer, "state", "State:")
        try enter(player, "state", "State:")
        // Neither failed, and each says the server holds the two quizzes.
        for shell in [syncer, player] {
            #expect(!shell.output.contains("Fatal error") && !shell.output.contains("brainy:"), "\(shell.output)")
            #expect(shell.output.contains("the server holds 10 answers and 2 quizzes"), "\(shell.output)")
        }
        syncer.clearOutput()
        try enter(syncer, "profile", "on the server")
        #expect(syncer.output.contains("10 answers · 2 quizzes"), "\(syncer.output)")
        #expect(syncer.output.contains("waiting to sync  nothing") || syncer.output.contains("waiting to sync  0"),
                "\(syncer.output)")
        player.sendLine("exit")
        syncer.sendLine("exit")
        #expect(try player.waitForExit() == 0)
        #expect(try syncer.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quizResult") == 10)
        #expect(try count("SELECT count(*) FROM quiz") == 2)
    }
}
