import Foundation
import Testing

/// Every flag of the built `brainy` and `brainy-server` given what a person (or a script gone wrong) may give:
/// negative, 2^63, past any integer, not a number, empty, and a bad value hidden behind a good one. Each is refused
/// with exit status 2 and a message that names the flag and says what it takes; none is a crash or a stack trace,
/// and none starts the program on a value it did not check.
@Suite struct EveryFlagRangeEndToEndTests {
    static let huge = ["-1", "9223372036854775808", "-9223372036854775809", "99999999999999999999999", "1e400",
                       "nan", "inf", "x", ""]

    /// brainy's flags with their values and the words of the refusal that say what each takes.
    static let shellFlags: [(flag: String, values: [String], says: String)] = [
        ("--seed", huge.filter { $0 != "9223372036854775808" } + ["18446744073709551616", "4.2"],
         "a whole number from 0 to 18446744073709551615"),
        ("--pace", huge + ["61s", "60001ms", "-0.5s"], "a time from 0 to 60 seconds"),
        ("--lang", ["", "kor", "-1", "9223372036854775808"], "ko or en"),
        ("--format", ["", "xml", "-1"], "table, plain or json"),
        ("--ads", ["", "maybe", "2"], "on or off"),
        ("--remember-sign-in", ["", "maybe", "2"], "on or off"),
        ("--completion", ["", "powershell"], "bash, zsh or fish"),
        ("--clock", ["", "-1", "9223372036854775808", "tomorrow", "9999-12-31T23:59:59Z", "99999-01-01T00:00:00Z",
                     "9000-01-01T00:00:00Z", "1969-12-31T23:59:59Z"],
         "a time from 1970-01-01T00:00:00Z to 8999-12-31T23:59:59Z"),
        ("--ai-url", ["", "-1", "ftp://h", "http://h:99999"], "an address like"),
        ("--asr-url", ["", "-1", "http://h:-1"], "an address like"),
        ("--db", ["", " "], "a file's or folder's path"),
        ("-f", [""], "a file's or folder's path"),
        ("--demo", [""], "a file's or folder's path"),
        ("--audio-out", [""], "a file's or folder's path"),
        ("--paths", [""], "a file's or folder's path"),
    ]

    static let shellCases: [(String, String, String)] = shellFlags.flatMap { entry in
        entry.values.map { (entry.flag, $0, entry.says) }
    }

    @Test(arguments: shellCases)
    func aBrainyFlagOutOfItsRangeIsRefusedSayingWhatItTakes(_ flag: String, _ value: String, _ says: String) throws {
        for arguments in [[flag, value], ["\(flag)=\(value)"]] where flag != "-f" || arguments.count == 2 {
            let run = try BrainyProcess.run(["--lang", "en"] + arguments + ["-c", "state"])
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.err)")
            #expect(run.err.hasPrefix("brainy: ") && run.err.contains(flag) && run.err.contains(says),
                    "\(arguments): \(run.err)")
            #expect(!run.err.contains("Fatal error") && !run.err.contains("Stack dump"), "\(run.err)")
        }
    }

    /// The ends of --clock's range play and list without a crash (a clock in 9999 stored a session ending in 10000,
    /// which the database could not read back: a stack trace), and 'clock advance' does not move the clock past
    /// them: it says the range. Person questions, whose options are never numbers: their options are numbered, so
    /// '1' answers.
    @Test(arguments: [("8999-12-31T23:59:59Z", "3650d"), ("1970-01-01T00:00:00Z", "-3650d")])
    func theClocksRangeHoldsAsFarAsClockAdvanceGoes(_ start: String, _ advance: String) throws {
        let beyond = try BrainyProcess.run(["--lang", "en", "--qa", "--clock", start, "-c", "clock advance \(advance)"])
        #expect(beyond.status == 1, "\(beyond.err)")
        #expect(beyond.err.contains("the clock stays between 1970-01-01T00:00:00Z and 8999-12-31T23:59:59Z"),
                "\(beyond.err)")
        let run = try BrainyProcess.run(["--lang", "en", "--qa", "--clock", start, "-c",
                                         "login guest; mode mc; category person; start 1; 1; next; history; stats; profile; logout; login guest"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Quiz result") && run.out.contains("session expires"), "\(run.out)")
        #expect(!run.err.contains("Fatal error") && !beyond.err.contains("Fatal error"), "\(run.err)")
    }

    /// The refusal is in the language asked for, Korean included, with the range.
    @Test func aBrainyRefusalInKoreanSaysTheRange() throws {
        let run = try BrainyProcess.run(["--lang", "ko", "--seed", "-1", "-c", "state"])
        #expect(run.status == 2)
        #expect(run.err.contains("0에서 18446744073709551615 사이의 정수"), "\(run.err)")
        let empty = try BrainyProcess.run(["--lang", "ko", "--db", "", "-c", "state"])
        #expect(empty.status == 2)
        #expect(empty.err.contains("--db에는 파일이나 폴더의 경로를 주세요"), "\(empty.err)")
    }

    /// A bad value is refused even when a good one follows it: each value given is checked.
    @Test(arguments: [["--seed", "x", "--seed", "1"], ["--seed", "1", "--seed", "-1"], ["--pace", "-3", "--pace", "1s"],
                      ["--lang", "xx", "--lang", "en"], ["--db", "", "--db", ":memory:"]])
    func aBadValueBesideAGoodOneOfTheSameFlagIsRefused(_ arguments: [String]) throws {
        let run = try BrainyProcess.run(["--lang", "en"] + arguments + ["-c", "state"])
        #expect(run.status == 2, "\(arguments): \(run.err)")
        #expect(run.err.contains(arguments[0]), "\(run.err)")
    }

    /// `settings` inside the shell: every numeric key given what no range holds is refused saying its range, and the
    /// setting keeps its value.
    static let settingCases: [(String, String, String)] = huge.filter { !$0.isEmpty }.flatMap { value in
        [("timer", value, "Allowed: off, 3–600"), ("count", value, "Allowed: 1–50"),
         ("voice-speed", value, "Allowed: 80–400")]
    } + [("timer", "2", "Allowed: off, 3–600"), ("timer", "601", "Allowed: off, 3–600"), ("timer", "3.5", "3–600"),
         ("count", "0", "1–50"), ("count", "51", "1–50"), ("voice-speed", "79", "80–400"),
         ("voice-speed", "401", "80–400"), ("theme", "-1", "dark"), ("selection", "9223372036854775808", "random")]

    @Test(arguments: settingCases)
    func aSettingOutOfItsRangeIsRefusedSayingItAndKeepsItsValue(_ key: String, _ value: String, _ says: String) throws {
        let run = try BrainyProcess.run(["--lang", "en", "-c", "login guest; settings \(key) '\(value)'; settings \(key)"])
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("'\(value)' is not valid for '\(key)'") && run.err.contains(says), "\(run.err)")
        #expect(!run.err.contains("Fatal error"), "\(run.err)")
        // The key still holds its default: the refused value was not stored in part.
        #expect(!run.out.contains("\(key) = \(value)"), "\(run.out)")
    }

    static let serverCases: [([String], String)] = {
        var cases: [([String], String)] = []
        for value in huge {
            cases.append((["--port", value], "--port needs a number from 0 to 65535"))
            cases.append((["--results-per-day", value], "--results-per-day needs a whole number above 0"))
            cases.append((["--quizzes-per-day", value], "--quizzes-per-day needs a whole number above 0"))
            for (flag, range) in [("--refusal-delay", "from 0 to 60"), ("--database-timeout", "from 0.1 to 600"),
                                  ("--header-timeout", "from 1 to 3600"), ("--body-timeout", "from 1 to 3600"),
                                  ("--idle-timeout", "from 1 to 3600")] {
                cases.append(([flag, value], "\(flag) needs a number of seconds \(range)"))
            }
            cases.append((["--rate-limit", "login=\(value)/60"], "--rate-limit takes <action>=<count>/<seconds>"))
            cases.append((["--rate-limit", "login=5/\(value)"], "--rate-limit takes <action>=<count>/<seconds>"))
        }
        cases += [
            (["--port", "65536"], "--port needs a number from 0 to 65535"),
            // A window so long that the bucket's refill rounds to nothing let every request through.
            (["--rate-limit", "login=1/9223372036854775807"], "the seconds from 1 to 604800"),
            (["--rate-limit", "register=1/604801"], "the seconds from 1 to 604800"),
            (["--rate-limit", "check-email=100001/60"], "the count from 1 to 100000"),
            (["--rate-limit", "login=0/0"], "the count from 1 to 100000"),
            (["--results-per-day", "0"], "above 0"),
            (["--host", ""], "--host needs a value"),
            (["--db", ""], "--db needs a value"),
            (["--key-file", ""], "--key-file needs a value"),
            (["--log-level", ""], "--log-level takes trace"),
            (["--completion", ""], "--completion takes bash, zsh or fish"),
            (["--secret", ""], "--secret needs at least 16 bytes"),
            (["--admin-token", "short"], "--admin-token needs at least 16 bytes"),
            (["--metrics-token", ""], "--metrics-token needs at least 16 bytes"),
            (["--database", ""], "postgres://"),
            (["--port"], "Missing value for '--port"),
            // A bad value hidden behind a good one of the same flag, and a good one given twice.
            (["--port", "abc", "--port", "0"], "--port is given twice"),
            (["--port=0", "--port", "0"], "--port is given twice"),
            (["--refusal-delay", "-5", "--refusal-delay", "1"], "--refusal-delay is given twice"),
            (["--db", "/nonexistent/a", "--db=/nonexistent/b"], "--db is given twice"),
        ]
        return cases
    }()

    @Test(arguments: serverCases)
    func aServerFlagOutOfItsRangeIsRefusedSayingWhatItTakes(_ flags: [String], _ says: String) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-flags-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy-server")
        // The database is named after the flags under test, so that no refusal is hidden by a missing file.
        process.arguments = (flags.contains("--db") ? [] : ["--db", home.appendingPathComponent("s.sqlite").path]) + flags
        process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        process.standardInput = FileHandle.nullDevice
        // A flag accepted by mistake starts the server serving: the deadline ends it, and the test fails.
        let said = String(decoding: try process.runToEnd(within: 60, reading: error), as: UTF8.self)
        #expect(!process.endedAtDeadline, "\(flags) was accepted: the server was still running after 60 s")
        #expect(process.terminationStatus == 2, "\(flags): \(said)")
        #expect(said.hasPrefix("brainy-server: ") && said.contains(says), "\(flags): \(said)")
    }

    /// The repeatable one stays repeatable.
    @Test func rateLimitMayBeGivenTwice() throws {
        let arguments = ["--rate-limit", "login=5/60", "--rate-limit", "register=off", "--port", "0"]
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy-server")
        process.arguments = arguments + ["--version"]
        process.standardOutput = Pipe()
        let error = Pipe()
        process.standardError = error
        let said = String(decoding: try process.runToEnd(within: 60, reading: error), as: UTF8.self)
        #expect(!process.endedAtDeadline, "--version did not end the server within 60 s")
        #expect(process.terminationStatus == 0, "\(said)")
    }
}
