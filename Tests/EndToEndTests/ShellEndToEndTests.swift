import Foundation
import Glibc
import Testing

/// Drives the built `brainy` binary through a pseudo-terminal, as a person would.
@Suite(.serialized) struct ShellEndToEndTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    func launch(_ extra: [String] = []) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", "en", "--seed", "11"] + extra,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    @Test func aPlayerSignsInCompletesACategoryWithTabPlaysAQuizAndFindsItInHistory() throws {
        let shell = try launch()
        shell.sendLine("login guest")
        _ = try shell.expect("Signed in as guest")
        shell.sendLine("mode mc")
        _ = try shell.expect("Choose a category")
        shell.send("category 나")
        _ = try shell.expect("category 나")
        shell.send("\t")
        shell.send("\r")
        _ = try shell.expect("multiple choice · country · individual")
        shell.sendLine("start 3")
        for number in 1...3 {
            _ = try shell.expect("[\(number)/3]")
            _ = try shell.expect("Type a number or the option")
            shell.sendLine("answer 2")
            _ = try shell.expect("Answer: ")
            shell.sendLine("next")
        }
        _ = try shell.expect("Quiz result")
        shell.sendLine("history")
        _ = try shell.expect("country")
        _ = try shell.expect("/3")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func tabAfterCategoryCompletesEnglishNamesToo() throws {
        let shell = try launch()
        shell.sendLine("login guest; mode short")
        _ = try shell.expect("Choose a category")
        shell.send("category dr")
        _ = try shell.expect("category dr")
        shell.send("\t\r")
        _ = try shell.expect("short answer · drama · individual")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aQuizKilledMidwayIsResumedAtTheSameQuestionWithItsScore() throws {
        let first = try launch()
        first.sendLine("login guest; mode mc; category music; start 3")
        _ = try first.expect("[1/3]")
        _ = try first.expect("Type a number or the option")
        first.sendLine("1")
        let feedback = try first.expect("Answer: ")
        let scoreBefore = feedback.contains("Correct!") ? 1 : 0
        first.sendLine("next")
        _ = try first.expect("[2/3]")
        first.kill(signal: SIGKILL)
        _ = try? first.waitForExit()

        let second = try launch()
        _ = try second.expect("A quiz was interrupted")
        second.sendLine("resume")
        _ = try second.expect("[2/3]")
        second.sendLine("state")
        _ = try second.expect("2/3 · score \(scoreBefore)")
        second.sendLine("exit")
        #expect(try second.waitForExit() == 0)
    }

    @Test func ctrlCCancelsTheLineAndCtrlDLeavesWithZero() throws {
        let shell = try launch()
        shell.send("this line is thrown away")
        _ = try shell.expect("thrown away")
        shell.send("\u{03}")
        shell.sendLine("state")
        let output = try shell.expect("State: signed_out")
        #expect(!output.contains("not a command"))
        _ = try shell.expect("brainy> ")
        try shell.waitForRawMode()
        shell.send("\u{04}")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aPasswordIsNeitherEchoedNorKeptInHistory() throws {
        let shell = try launch()
        shell.sendLine("register park@example.com")
        _ = try shell.expect("Password (at least")
        shell.sendLine("hunter2hunter2")
        _ = try shell.expect("Password again")
        shell.sendLine("hunter2hunter2")
        _ = try shell.expect("Stay signed in on this computer? [Y/n]")
        shell.sendLine("y")
        _ = try shell.expect("Signed in as park@example.com")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(!shell.output.contains("hunter2"))
        let history = try String(contentsOf: home.appendingPathComponent("brainy/history"), encoding: .utf8)
        #expect(history.contains("register"))
        #expect(!history.contains("hunter2"))
        let attributes = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("brainy/history").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func aLongListingGoesThroughThePager() throws {
        let script = "login guest\nmode mc\ncategory music\n" + String(repeating: "start 1\nskip\n", count: 40)
        let setup = try BrainyProcess.run(["--db", database.path, "--lang", "en"], stdin: script)
        #expect(setup.status == 0, "\(setup.err)")
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"), arguments: ["--db", database.path, "--lang", "en"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "PAGER": "sed 's/^/paged: /'"],
            rows: 24)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.sendLine("history all")
        _ = try terminal.expect("paged: id")
        _ = try terminal.expect("paged: 'history <id>' shows one in detail.")
        terminal.sendLine("stats")
        let stats = try terminal.expect("Streak")
        #expect(!stats.contains("paged: ━━ Stats"), "a short listing is printed directly")
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func koreanInputAndPromptsRender() throws {
        let shell = try launch(["--lang", "ko"])
        shell.sendLine("login guest")
        _ = try shell.expect("로그인했습니다")
        shell.sendLine("mode 주관식")
        _ = try shell.expect("카테고리를 고르세요")
        shell.sendLine("category 인물")
        _ = try shell.expect("주관식 · 인물 · 개별")
        _ = try shell.expect("brainy guest 주관식·인물>")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}

/// Runs the built binary with pipes (not a terminal).
@Suite struct PipedRunTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(arguments, stdin: stdin, environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
    }

    @Test func aPipedScriptRunsWithoutPromptOrBannerAndExitsZero() throws {
        let result = try run(["--lang", "en", "--seed", "3"], stdin: """
            # a comment
            login guest
            mode short; category general
            start 2
            something
            next
            skip
            stats
            """)
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.out.contains("brainy>"))
        #expect(!result.out.contains("Brainy 0.1.0"))
        #expect(result.out.contains("Quiz result"))
        #expect(!result.out.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test func theFirstErrorStopsTheRunWithAMessageOnStandardError() throws {
        let result = try run(["--lang", "en", "-c", "login guest; mode quantum; stats"])
        #expect(result.status == 1)
        #expect(result.err.contains("'quantum' is not valid for 'mode'"))
        #expect(!result.out.contains("Stats"))
    }

    @Test func passwordsInAPipeAreReadAsTheNextLines() throws {
        let result = try run(["--lang", "en"], stdin: "register lim@example.com\nlongpassword\nlongpassword\nlogout\nlogin email lim@example.com\nlongpassword\nprofile\n")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("lim@example.com"))
    }

    @Test func twoShellsPlayOnTheSameDatabaseSideBySide() throws {
        let database = home.appendingPathComponent("shared.sqlite").path
        _ = try run(["--db", database, "-c", "login guest"])
        let script = "login guest\nmode mc\ncategory general\n"
            + String(repeating: "start 10\n" + String(repeating: "skip\n", count: 10), count: 5) + "stats\n"
        let processes = try (0..<2).map { _ -> (Process, Pipe) in
            let process = Process()
            process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
            process.arguments = ["--db", database, "--lang", "en"]
            process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "LANG": "C.UTF-8"]
            let input = Pipe(), error = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = error
            try process.run()
            input.fileHandleForWriting.write(Data(script.utf8))
            try input.fileHandleForWriting.close()
            return (process, error)
        }
        for (process, error) in processes {
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(message)")
            #expect(!message.contains("locked"))
        }
        let stats = try run(["--db", database, "--lang", "en", "-c", "stats"])
        #expect(stats.out.contains("10 quizzes · 100 answered"), "\(stats.out)")
    }

    @Test func aScriptFileRuns() throws {
        let script = home.appendingPathComponent("play.brainy")
        try "login guest\nmode mc\ncategory drama\nstate\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try run(["--lang", "en", "-f", script.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("State: ready"))
    }

    @Test func aFileThatIsNotABrainyDatabaseIsRefusedUntouchedWithExitThree() throws {
        let file = home.appendingPathComponent("notes.txt")
        try "my precious notes".write(to: file, atomically: true, encoding: .utf8)
        let result = try run(["--db", file.path, "--lang", "en", "-c", "login guest"])
        #expect(result.status == 3)
        #expect(result.err.contains("is not a Brainy database"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "my precious notes")
    }

    @Test func missingFilesAndFoldersSayWhatToDo() throws {
        let folder = try run(["--db", home.appendingPathComponent("no/such/folder/x.sqlite").path, "--lang", "en", "-c", "help"])
        #expect(folder.status == 3)
        #expect(folder.err.contains("does not exist. Create it first, or give another --db path."))
        let script = try run(["--lang", "en", "-f", home.appendingPathComponent("missing.brainy").path])
        #expect(script.status == 2)
        #expect(script.err.contains("Cannot read"))
        let demo = try run(["--lang", "en", "--demo", home.appendingPathComponent("missing.brainy").path])
        #expect(demo.status == 2)
        #expect(demo.err.contains("Cannot read"))
    }

    @Test func badFlagsSayWhatIsWrong() throws {
        // No valid --lang: the shell's Korean, as for every other message of the run.
        let result = try run(["--lang", "fr"])
        #expect(result.status != 0)
        #expect(result.err.contains("--lang에는 ko 또는 en을 주세요"), "\(result.err)")
    }
}
