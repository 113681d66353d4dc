import Foundation
import Testing

/// The conventions psql and sqlite3 users bring along, on a terminal: ~/.editrc, history kept but for lines typed
/// with a leading space, Ctrl-L, the start-up file and -X.
@Suite(.serialized) struct ConventionsTerminalTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-conv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    func launch(_ extra: [String] = [], environment: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", "en", "--seed", "11"] + extra,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                          "NO_COLOR": "1", "PATH": "/usr/bin:/bin"].merging(environment) { $1 })
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    func writeStartupFile(_ text: String) throws {
        let folder = home.appendingPathComponent("config/brainy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("brainyrc"), atomically: true, encoding: .utf8)
    }

    @Test func bindDashVInEditrcGivesViKeys() throws {
        try "bind -v\n".write(to: home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let shell = try launch()
        // Ctrl-L clears the screen with vi keys too.
        shell.send("\u{0C}")
        // Escape to command mode, 0 to the start of the line, x deletes the stray first letter.
        shell.send("xstate")
        _ = try shell.expect("xstate")
        shell.send("\u{1B}")
        shell.send("0")
        shell.send("x")
        shell.send("\r")
        let output = try shell.expect("State: signed_out")
        #expect(!output.contains("Unknown command"))
        #expect(String(decoding: shell.rawOutput, as: UTF8.self).contains("\u{1B}[2J"), "a clear-screen sequence was written")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aLineTypedWithALeadingSpaceIsNotKeptInHistory() throws {
        let historyFile = home.appendingPathComponent("kept-history")
        let shell = try launch(environment: ["BRAINY_HISTFILE": historyFile.path, "BRAINY_HISTSIZE": "50"])
        shell.sendLine(" timing on")
        _ = try shell.expect("Timing is on.")
        shell.sendLine("state")
        _ = try shell.expect("State: signed_out")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        let history = try String(contentsOf: historyFile, encoding: .utf8)
        #expect(history.contains("state"))
        #expect(!history.contains("timing"))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("brainy/history").path),
                "BRAINY_HISTFILE replaces the data folder's history")
    }

    @Test func ctrlLClearsTheScreen() throws {
        let shell = try launch()
        shell.send("\u{0C}")
        shell.sendLine("state")
        _ = try shell.expect("State: signed_out")
        let raw = String(decoding: shell.rawOutput, as: UTF8.self)
        #expect(raw.contains("\u{1B}[2J") || raw.contains("\u{1B}[J"), "a clear-screen sequence was written")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func theStartUpFileRunsBeforeTheFirstPromptAndAnErrorInItIsReportedWithItsLine() throws {
        try writeStartupFile("# set up as I like it\ntiming on\nmode quantum\nlogin guest\n")
        let shell = try launch()
        _ = try shell.expect("Timing is on.")
        _ = try shell.expect("line 3")
        _ = try shell.expect("Signed in as guest")
        _ = try shell.expect("brainy guest> ")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func dashXSkipsTheStartUpFile() throws {
        try writeStartupFile("login guest\n")
        let shell = try launch(["-X"])
        shell.sendLine("state")
        let output = try shell.expect("State: signed_out")
        #expect(!output.contains("Signed in as guest"))
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}

/// The same conventions with pipes: -c and -f in order, -f -, --db :memory:, -q, -V, \h, source, and notices on
/// standard error when the output is data.
@Suite struct ConventionsPipedTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-conv-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(["--lang", "en"] + arguments, stdin: stdin,
                              environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
    }

    @Test func dashFDashReadsStandardInput() throws {
        let result = try run(["-f", "-"], stdin: "login guest\nstate\n")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("State: home"))
    }

    @Test func repeatedDashCAndDashFRunInTheOrderGiven() throws {
        let file = home.appendingPathComponent("mode.brainy")
        try "mode mc\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try run(["-c", "login guest", "-f", file.path, "-c", "category music; state"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("State: ready"))
    }

    @Test func memoryIsAnInMemoryDatabaseNotAFile() throws {
        let result = try run(["--db", ":memory:", "-c", "login guest; state"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("State: home"))
        #expect(!FileManager.default.fileExists(atPath: ":memory:"))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(":memory:").path))
    }

    @Test func withJSONOnlyTheDataIsOnStandardOutputAndNoticesGoToStandardError() throws {
        let result = try run(["--format", "json", "-c", "login guest; mode mc; stats"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("Signed in as guest"))
        #expect(result.err.contains("Choose a category"))
        #expect(!result.out.contains("Signed in as"))
        let data = Data(result.out.utf8)
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "standard output is one JSON document: \(result.out)")
    }

    @Test func quietDropsNoticesButNotErrors() throws {
        let quiet = try run(["-q", "-c", "login guest; state"])
        #expect(quiet.status == 0)
        #expect(!quiet.out.contains("Signed in as") && !quiet.err.contains("Signed in as"))
        #expect(quiet.out.contains("State: home"))
        let failed = try run(["-q", "-c", "login guest; mode quantum"])
        #expect(failed.status == 1)
        #expect(failed.err.contains("'quantum' is not valid for 'mode'"))
    }

    @Test(arguments: ["-V", "--version"])
    func theVersionIsPrinted(flag: String) throws {
        let result = try run([flag])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("0."), "\(result.out)")
    }

    @Test func backslashHIsHelpForAllOrOneCommand() throws {
        let all = try run(["-c", "\\h"])
        #expect(all.out.contains("Commands you can use now"))
        let one = try run(["-c", "\\h start"])
        #expect(one.out.contains("start ["), "\(one.out)")
    }

    @Test func sourceRunsAFilesCommandsAndReportsAFailingLine() throws {
        let file = home.appendingPathComponent("setup.brainy")
        try "# mine\nlogin guest\nmode quantum\nmode mc\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try run(["-c", "source \(file.path)"])
        #expect(result.status == 1)
        #expect(result.err.contains("setup.brainy, line 3"), "\(result.err)")
        #expect(result.out.contains("Choose a category"), "the lines after the failing one ran")
        let clean = home.appendingPathComponent("clean.brainy")
        try "login guest\nmode mc\n".write(to: clean, atomically: true, encoding: .utf8)
        let ok = try run(["-c", "source \(clean.path); state"])
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out.contains("State: choosing_category"))
    }
}
