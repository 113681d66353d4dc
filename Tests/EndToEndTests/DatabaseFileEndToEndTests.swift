import Foundation
import GRDB
import Glibc
import Testing

/// Issue 25, items 7, 8 and 10, with the built binary at a terminal (TERM=xterm-256color, 24 rows, as a player runs
/// it) and through pipes: the database file replaced under a running shell, a second name for it, a sign-out in
/// another process, shells starting together on a new file.
@Suite(.serialized) struct DatabaseFileEndToEndTests {
    let home: URL
    let database: URL
    let environment: [String: String]

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-dbfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
        environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                       "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    }

    func launch(_ path: String? = nil) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", path ?? database.path, "--lang", "en", "--seed", "5"], environment: environment)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    /// A run through pipes, to its end.
    func run(_ arguments: [String], path: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(["--db", path ?? database.path, "--lang", "en"] + arguments, environment: environment)
    }

    func count(_ sql: String, in path: String) throws -> Int {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config).read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    /// A quiz open at a terminal with one answer acknowledged.
    func playing() throws -> PseudoTerminal {
        let shell = try launch()
        shell.sendLine("login guest; mode short; category music; start 3")
        _ = try shell.expect("[1/3]")
        shell.sendLine("answer seoul")
        _ = try shell.expect("Not quite.")
        shell.sendLine("next")
        _ = try shell.expect("[2/3]")
        return shell
    }

    @Test func anotherFileMovedOverTheDatabaseStopsTheShellWhichSaysWhereItsAnswersAre() throws {
        let other = home.appendingPathComponent("other.sqlite").path
        #expect(try run(["-c", "login guest"], path: other).status == 0)
        let shell = try playing()
        #expect(rename(other, database.path) == 0)
        shell.sendLine("answer busan")
        // Single words: the message is broken between words at the terminal's width.
        let said = try shell.expect("-rescued-")
        #expect(!said.contains("Correct!") && !said.contains("Not quite."), "the refused answer was not acknowledged")
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains("-rescued-") }
        #expect(copies.count == 1)
        let copy = home.appendingPathComponent(try #require(copies.first)).path
        #expect(try count("SELECT count(*) FROM quizResult", in: copy) == 1)
        #expect(said.contains("replaced,"))
        shell.sendLine("stats")
        _ = try shell.expect("replaced,")
        _ = try shell.expect("-rescued-")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quizResult", in: database.path) == 0, "the file moved in is whole")
        // The copy goes on where the quiz stopped.
        let resumed = try run(["-c", "login guest; resume"], path: copy)
        #expect(resumed.out.contains("[2/3]"), "\(resumed.out)\(resumed.err)")
    }

    /// A second shell started on the file moved in while the first is still open shares its log (the log is named
    /// after the path): each one's answers stay in its own file, the first's in its copy.
    @Test func aShellOnTheFileMovedInKeepsItsAnswersAndTheReplacedShellsCopyKeepsItsOwn() throws {
        let other = home.appendingPathComponent("other.sqlite").path
        #expect(try run(["-c", "login guest"], path: other).status == 0)
        let first = try launch()
        first.sendLine("login guest; mode short; category music; start 2")
        for question in 1...2 {
            _ = try first.expect("[\(question)/2]")
            first.sendLine("answer seoul")
            _ = try first.expect("Not quite.")
            first.sendLine("next")
        }
        _ = try first.expect("again")
        #expect(rename(other, database.path) == 0)
        let second = try launch()
        second.sendLine("login guest; mode short; category person; start 3")
        _ = try second.expect("[1/3]")
        second.sendLine("answer nobody")
        _ = try second.expect("Not quite.")
        first.sendLine("start 2")
        _ = try first.expect("-rescued-")
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains("-rescued-") }
        let copy = home.appendingPathComponent(try #require(copies.first)).path
        second.sendLine("exit")
        #expect(try second.waitForExit() == 0)
        first.sendLine("exit")
        #expect(try first.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quizResult WHERE givenAnswer = 'seoul'", in: copy) == 2)
        #expect(try count("SELECT count(*) FROM quizResult", in: copy) == 2)
        #expect(try count("SELECT count(*) FROM quizResult WHERE givenAnswer = 'nobody'", in: database.path) == 1)
        #expect(try count("SELECT count(*) FROM quizResult", in: database.path) == 1)
    }

    @Test func anEmptyFileMovedOverTheDatabaseIsNotSilentlyANewDatabaseAtTheNextStart() throws {
        let shell = try playing()
        let empty = home.appendingPathComponent("empty").path
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        #expect(rename(empty, database.path) == 0)
        shell.sendLine("answer busan")
        _ = try shell.expect("-rescued-")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        let next = try run(["-c", "login guest"])
        #expect(next.status == 3)
        #expect(next.err.contains("is empty, but a Brainy database was kept at this path"), "\(next.err)")
        #expect(try Data(contentsOf: database).isEmpty)
    }

    @Test func aSecondNameForTheDatabaseStopsWritesThroughEitherName() throws {
        #expect(try run(["-c", "login guest; mode short; category music; start 3"]).status == 0)
        let linked = home.appendingPathComponent("linked.sqlite").path
        #expect(link(database.path, linked) == 0)
        for path in [database.path, linked] {
            let result = try run(["-c", "login guest; resume; seoul"], path: path)
            #expect(result.status == 3)
            #expect(result.err.contains("has 2 names (hard links)"), "\(result.err)")
            #expect(!result.out.contains("Correct!") && !result.out.contains("Not quite."))
        }
        try FileManager.default.removeItem(atPath: linked)
        let after = try run(["-c", "login guest; resume; seoul"])
        #expect(after.status == 0, "\(after.err)")
        #expect(try count("SELECT count(*) FROM quizResult", in: database.path) == 1)
    }

    /// Item 8: a shell with a question open, and `brainy -c logout` in another process.
    @Test func aLogoutInAnotherProcessSignsTheShellOutAndItsQuizStaysResumable() throws {
        let shell = try playing()
        #expect(try run(["-c", "logout"]).status == 0)
        shell.sendLine("answer busan")
        _ = try shell.expect("This shell was signed out")
        shell.sendLine("stats")
        _ = try shell.expect("not allowed now (state: signed out)")
        shell.sendLine("login guest")
        _ = try shell.expect("1 of 3 answered")
        shell.sendLine("resume")
        _ = try shell.expect("[2/3]")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(try count("SELECT count(*) FROM quizResult", in: database.path) == 1)
    }

    /// Item 10: shells started at once on a file that does not exist yet all start.
    @Test func shellsStartingTogetherOnANewFileAllStart() throws {
        let path = home.appendingPathComponent("new.sqlite").path
        let processes = try (0..<12).map { _ in
            let process = Process()
            process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
            process.arguments = ["--db", path, "--lang", "en", "-c", "login guest"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 12))
        #expect(try count("SELECT count(*) FROM user", in: path) == 1)
    }
}
