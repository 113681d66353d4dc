import BrainyKit
import Foundation
import Testing
@testable import BrainyShell
@testable import BrainyStore

/// Issue 13's shell-side defects, each pinned where it showed.
@Suite struct ShellReliabilityTests {
    static func temporaryFile() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-shell-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("brainy.sqlite").path
    }

    /// Items 1, 8 and 9: two shells on one file with the same --seed. The second neither takes the first one's quiz
    /// nor dies on its quiz id: it says the quiz is open elsewhere and starts one of its own.
    @Test func twoShellsWithTheSameSeedEachPlayTheirOwnQuiz() throws {
        let path = Self.temporaryFile()
        let first = try ShellHarness(databasePath: path).session(seed: 5)
        let second = try ShellHarness(databasePath: path).session(seed: 5)
        for command in ["login guest", "mode mc", "category country", "start 3"] { _ = try first.execute(command) }
        for command in ["login guest", "mode mc", "category country", "start 3"] { _ = try second.execute(command) }
        let output = second.console.captured
        #expect(output.contains("open in another shell"), "\(output)")
        #expect(output.contains("[1/3]"), "\(output)")
        #expect(!output.contains("UNIQUE"))
        let firstId = try #require(first.flow.play?.quiz.id)
        let secondId = try #require(second.flow.play?.quiz.id)
        #expect(firstId != secondId)
        // Each answers its own quiz, and both answers are kept.
        _ = try first.execute("1")
        _ = try second.execute("2")
        let store = try AppDatabase.openFile(at: path)
        let userId = try #require(first.flow.user?.id)
        #expect(try store.quiz(idOrPrefix: firstId, userId: userId)?.1.count == 1)
        #expect(try store.quiz(idOrPrefix: secondId, userId: userId)?.1.count == 1)
    }

    /// Item 1: a shell that cannot store an answer shows no feedback for it.
    @Test func anAnswerThatWasNotStoredGetsNoFeedback() throws {
        let path = Self.temporaryFile()
        let harness = try ShellHarness(databasePath: path)
        let session = harness.session()
        for command in ["login guest", "mode mc", "category country", "start 3"] { _ = try session.execute(command) }
        let quizId = try #require(session.flow.play?.quiz.id)
        // The claim is lost (as when an older shell without claims took the quiz over).
        harness.database.releaseQuiz(id: quizId)
        let before = session.console.captured
        #expect(throws: StoreError.quizHeldElsewhere(quizId: quizId)) { _ = try session.execute("1") }
        let after = String(session.console.captured.dropFirst(before.count))
        #expect(!after.contains("Correct") && !after.contains("Not quite"), "\(after)")
        #expect(session.flow.state == .question)
    }

    /// Item 10: a megabyte on one line is refused at once, not split, matched and kept.
    @Test func aLinePastFourKilobytesIsRefused() {
        let shell = try! ShellHarness()
        let started = ContinuousClock.now
        let result = shell.run(["login guest", String(repeating: "x", count: 1_000_000), "stats"])
        // Only a guard against a line processed character by character (minutes); how soon is the machine's.
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(result.status == 1)
        #expect(result.output.contains("line 2: The line is too long (over 4 KiB)"), "\(result.output)")
    }

    /// Item 10: on a read-only database the records are shown; a write stops a script with 3 and says why.
    @Test func aReadOnlyDatabaseShowsHistoryAndAWriteExitsWithThree() throws {
        let path = Self.temporaryFile()
        let writable = try ShellHarness(databasePath: path)
        #expect(writable.run(["login guest", "mode short", "category drama", "start 1", "right", "next"]).status == 0)
        let readOnly = try ShellHarness(databasePath: path)
        let services = ShellServices(repository: try AppDatabase.openFile(at: path, readOnly: true),
                                     hasher: readOnly.services().hasher, clock: readOnly.clock, config: readOnly.config)
        func run(_ lines: [String]) -> (Int32, String) {
            let reader = PlainLineReader(lines: lines)
            let session = ShellSession(services: services,
                                       options: ShellOptions(seed: 1, languageOverride: .en, timeZone: .gmt),
                                       reader: reader, console: Console(language: .en, theme: .system, colorEnabled: false,
                                                                        capturing: true))
            return (ShellRunner(session: session, reader: reader).run(), session.console.captured)
        }
        let history = run(["history"])
        #expect(history.0 == 0, "\(history.1)")
        #expect(history.1.contains("drama"), "\(history.1)")
        let write = run(["settings timer 10"])
        #expect(write.0 == 3, "\(write.1)")
        #expect(write.1.contains("read-only"), "\(write.1)")
        #expect(!write.1.contains("SQLite"))
    }

    /// Item 2: another player's name from the server is shown without its terminal controls.
    @Test func theLeaderboardShowsNamesWithoutTerminalControls() throws {
        let harness = try ShellHarness()
        let session = harness.session()
        _ = try session.execute("login guest")
        let userId = try #require(session.flow.user?.id)
        let board = LeaderboardResponse(date: "2026-09-21", entries: [
            .init(rank: 1, displayName: "mallory\u{1B}]0;pwned\u{07}@evil.example", score: 9, accuracy: 0.9),
        ], you: nil)
        try harness.database.saveLeaderboard(board, userId: userId, now: ShellHarness.start)
        _ = try session.execute("leaderboard")
        let output = session.console.captured
        #expect(output.contains("mallory@evil.example"), "\(output)")
        #expect(!output.contains("\u{1B}") && !output.contains("\u{07}") && !output.contains("pwned"))
    }

    /// Item 2: `history <id>` shows a stored answer without the controls it holds.
    @Test func historyOfOneQuizShowsStoredAnswersWithoutControls() throws {
        let harness = try ShellHarness()
        let session = harness.session()
        _ = try session.execute("login guest")
        let userId = try #require(session.flow.user?.id)
        let quiz = Quiz(id: "c0ffee00-0000-4000-8000-000000000000", userId: userId, type: .shortAnswer,
                        category: .drama, format: .individual, selection: .random, stage: nil,
                        dealt: [DealtQuestion(questionId: "drama-0001", optionOrder: [0, 1, 2, 3])],
                        startedAt: ShellHarness.start)
        try harness.database.saveNewQuiz(quiz)
        try harness.database.saveAnswer(
            AnswerRecord(id: "a1", quizId: quiz.id, userId: userId, questionId: "drama-0001", position: 0,
                         givenAnswer: "x\u{1B}[2J\u{9B}1;1Hy", outcome: .wrong, hintUsed: false, timeSpent: 1,
                         answeredAt: ShellHarness.start, category: .drama, type: .shortAnswer),
            progress: quiz, timeZone: .gmt)
        var finished = quiz
        finished.finishedAt = ShellHarness.start
        try harness.database.finishQuiz(finished, stagePassed: nil, earnedHint: false)
        _ = try session.execute("history c0ffee00")
        let output = session.console.captured
        #expect(output.contains("Yours: xy"), "\(output)")
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 || $0.value == 0x9B })
    }

    /// Item 2: what was typed comes back in an error message without its controls.
    @Test func anUnknownCommandIsEchoedWithoutControls() {
        let result = try! ShellHarness().run(["\u{1B}[8mstast\u{7}"])
        #expect(result.output.contains("'stast' is not a command"), "\(result.output)")
        #expect(!result.output.contains("\u{1B}"))
    }

    /// Item 10: no colour on a terminal that says it has none.
    @Test func aDumbTerminalGetsNoColour() {
        #expect(ColorChoice.enabled(noColorFlag: false, environment: ["TERM": "xterm-256color"], outputIsTerminal: true))
        #expect(!ColorChoice.enabled(noColorFlag: false, environment: ["TERM": "dumb"], outputIsTerminal: true))
        #expect(!ColorChoice.enabled(noColorFlag: false, environment: ["NO_COLOR": ""], outputIsTerminal: true))
        #expect(!ColorChoice.enabled(noColorFlag: true, environment: [:], outputIsTerminal: true))
        #expect(!ColorChoice.enabled(noColorFlag: false, environment: [:], outputIsTerminal: false))
    }
}
