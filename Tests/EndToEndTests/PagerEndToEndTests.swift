import Foundation
import Glibc
import Testing

/// Long listings on the defaults a person has: a real terminal (TERM=xterm-256color, 24 and 40 rows), no `PAGER` set,
/// the shipped config, the real `less -FRX`. The listing is read to its last line with `G`, and `q` gives the prompt
/// back. (With Foundation's `Process` the pager had no terminal: `less` failed with EIO and the listing was cut.)
@Suite(.serialized) struct PagerEndToEndTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-pager-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    /// The shell on a terminal of `rows`, with no `PAGER` in its environment.
    func launch(rows: Int, columns: Int = 80) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"), arguments: ["--db", database.path, "--lang", "en"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "PATH": "/usr/bin:/bin"],
            columns: columns, rows: rows)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    /// Runs `command` and reads its output to `lastLine`: printed at once when it fits the screen; otherwise `less`
    /// holds the first screen (`lastLine` not on it yet), `G` shows the end and `q` gives the prompt back. Returns
    /// whether the pager held it.
    @discardableResult
    func readToTheEnd(_ terminal: PseudoTerminal, _ command: String, firstLine: String, lastLine: String) throws
        -> Bool {
        terminal.clearOutput()
        terminal.sendLine(command)
        // Once the command prints, libedit has given the terminal back in canonical mode; it leaves canonical mode
        // again when less waits for keys, or when the prompt is back.
        _ = try terminal.expect(firstLine)
        try terminal.waitForRawMode()
        _ = terminal.rawOutput
        var paged = false
        if !terminal.output.contains(lastLine) {
            paged = true
            terminal.send("G")
            _ = try terminal.expect(lastLine)
            terminal.send("q")
        }
        terminal.sendLine("profile")
        _ = try terminal.expect("hints left")
        return paged
    }

    @Test(arguments: [24, 40])
    func theDiagramIsReadToItsLastLineInLess(rows: Int) throws {
        let terminal = try launch(rows: rows)
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        #expect(try readToTheEnd(terminal, "diagram", firstLine: "stateDiagram-v2", lastLine: "class home current"))
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(arguments: [24, 40])
    func theWholeHistoryIsReadToItsLastLineInLess(rows: Int) throws {
        let script = "login guest\nmode mc\ncategory music\n" + String(repeating: "start 1\nskip\n", count: 48)
        let setup = try BrainyProcess.run(["--db", database.path, "--lang", "en"], stdin: script)
        #expect(setup.status == 0, "\(setup.err)")
        let terminal = try launch(rows: rows)
        #expect(try readToTheEnd(terminal, "history all", firstLine: "music",
                                 lastLine: "'history <id>' shows one in detail."))
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(arguments: [24, 40])
    func helpAndStateAreReadToTheirLastLine(rows: Int) throws {
        let terminal = try launch(rows: rows)
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        try readToTheEnd(terminal, "help", firstLine: "Commands you can use now",
                         lastLine: "'help <command>' for details.")
        try readToTheEnd(terminal, "state", firstLine: "State: home", lastLine: "ad [a rewarded ad to show]")
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }
}
