import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

@Suite struct QASwitchTests {
    let shell: ShellHarness

    init() throws { shell = try ShellHarness() }

    @Test func withoutQATheSwitchesAreRefusedAndHidden() {
        let result = shell.run(["clock"])
        #expect(result.status == 1)
        #expect(result.output.contains("'clock' is a QA command: start brainy with --qa"))
        let help = shell.run(["help"]).output
        #expect(!help.contains("reset"))
        #expect(!help.contains("flags"))
    }

    @Test func theClockMovesOnlyWhenTold() {
        let result = shell.run(["clock", "clock advance 90m", "clock"], qa: true)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("2026-09-21T14:13:20Z"))
        #expect(result.output.contains("2026-09-21T15:43:20Z"))
        #expect(shell.run(["clock advance soon"], qa: true).status == 1)
    }

    @Test func maintenanceModeLeavesOnlyWhatMaintenanceAllows() {
        let result = shell.run(["config maintenance on", "state", "login guest"], qa: true)
        #expect(result.output.contains("State: maintenance"))
        #expect(result.output.contains("'login' is not allowed now (state: maintenance)"))
        let after = shell.run(["config maintenance off", "login guest"], qa: true)
        #expect(after.status == 0, "\(after.output)")
    }

    @Test func aMinimumVersionAboveThisShellRefusesSignIn() {
        let result = shell.run(["config min-version 99.0", "login guest"], qa: true)
        #expect(result.output.contains("too old: update to 99.0"))
    }

    @Test func thePasswordPolicyComesFromTheConfig() {
        let result = shell.run(["config password-min 12", "register new@example.com", "elevenchars"], qa: true)
        #expect(result.output.contains("at least 12 characters"))
    }

    @Test func resetWipesThisUsersProgress() {
        _ = shell.run(["login guest", "mode mc", "category music", "start 2", "answer 1", "next", "answer 1", "next"])
        let result = shell.run(["reset", "stats", "history"], qa: true)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("0 quizzes · 0 answered"))
        #expect(result.output.contains("No quizzes yet"))
    }

    @Test func timingPrintsHowLongEachCommandTook() {
        let result = shell.run(["timing on", "help", "timing off", "help"])
        #expect(result.output.components(separatedBy: "Time: ").count == 3, "\(result.output)")
    }
}

@Suite struct LaunchOptionsTests {
    @Test func flagsAreReadInEitherForm() throws {
        let options = try LaunchOptions.parse(["--db", "a.sqlite", "--seed=42", "--lang", "en", "--no-color", "-c", "help",
                                               "--qa", "--clock", "2026-01-01T09:00:00Z"])
        #expect(options.databasePath == "a.sqlite")
        #expect(options.seed == 42)
        #expect(options.language == .en)
        #expect(options.noColor)
        #expect(options.scripts == [.commands("help")])
        #expect(options.qa)
        #expect(options.clock == ISO8601DateFormatter().date(from: "2026-01-01T09:00:00Z"))
    }

    @Test func commandsAndFilesRepeatAndMixInTheOrderGiven() throws {
        let options = try LaunchOptions.parse(["-c", "login guest", "-f", "a.brainy", "-c", "stats", "-f", "-"])
        #expect(options.scripts == [.commands("login guest"), .file("a.brainy"), .commands("stats"), .file("-")])
    }

    @Test(arguments: [["-V"], ["--version"]])
    func versionIsAskedForInEitherForm(arguments: [String]) throws {
        #expect(try LaunchOptions.parse(arguments).showVersion)
    }

    @Test(arguments: [["-q"], ["--quiet"]])
    func quietIsAskedForInEitherForm(arguments: [String]) throws {
        #expect(try LaunchOptions.parse(arguments).quiet)
        #expect(try !LaunchOptions.parse([]).quiet)
    }

    @Test(arguments: [["-X"], ["--no-rc"]])
    func theStartUpFileIsSkippedInEitherForm(arguments: [String]) throws {
        #expect(try LaunchOptions.parse(arguments).skipStartupFile)
        #expect(try !LaunchOptions.parse([]).skipStartupFile)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let options = try LaunchOptions.parse(["--check", "--", "-odd.transcript", "--update"])
        #expect(options.checkFiles == ["-odd.transcript", "--update"])
        #expect(!options.update)
        #expect(try LaunchOptions.parse(["-q", "--"]).quiet)
    }

    @Test func anInMemoryDatabaseIsNamedAsSQLiteNamesIt() throws {
        #expect(try LaunchOptions.parse(["--db", ":memory:"]).databasePath == ":memory:")
    }

    @Test(arguments: [
        (["--lang", "fr"], "--lang takes ko or en"),
        (["--seed", "x"], "--seed takes a whole number"),
        (["--db"], "--db needs a value"),
        (["--frobnicate"], "Unknown option '--frobnicate'"),
        (["-f", "-", "-f", "-"], "can be read only once"),
        (["--", "-c", "help"], "Unexpected argument '-c'"),
        (["--clock", "tomorrow"], "--clock takes a time"),
    ])
    func badFlagsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(arguments) }
        do {
            _ = try LaunchOptions.parse(arguments)
        } catch {
            #expect(error.text.en.contains(message), "\(error.text.en)")
        }
    }
}

@Suite struct OutputFormatTests {
    let shell: ShellHarness

    init() throws { shell = try ShellHarness() }

    func json(_ text: String) throws -> [String: Any] {
        let start = try #require(text.firstIndex(of: "{"))
        let object = try JSONSerialization.jsonObject(with: Data(text[start...].utf8))
        return try #require(object as? [String: Any])
    }

    @Test func historyAndStatsAsJSON() throws {
        _ = shell.run(["login guest", "mode mc", "category drama", "start 2", "answer 1", "next", "answer 2", "next"])
        let history = try json(shell.run(["settings format json", "history"]).output.components(separatedBy: "(saved)").last!)
        let quizzes = try #require(history["quizzes"] as? [[String: Any]])
        #expect(quizzes.count == 1)
        #expect(quizzes.first?["category"] as? String == "drama")
        #expect(quizzes.first?["questions"] as? Int == 2)
        #expect(history["hasMore"] as? Bool == false)
        let stats = try json(shell.run(["stats"]).output)
        #expect(stats["answered"] as? Int == 2)
        #expect((stats["categories"] as? [[String: Any]])?.count == 5)
    }

    @Test func stateAsPlainKeyValueLines() {
        let result = shell.run(["login guest", "mode short", "settings format plain", "state"])
        #expect(result.output.contains("key\tvalue"))
        #expect(result.output.contains("state\tchoosing_category"))
        #expect(result.output.contains("type\tshort"))
    }

    @Test func historyAsTabSeparatedRows() {
        _ = shell.run(["login guest", "mode mc", "category person", "start 1", "answer 1", "next"])
        let output = shell.run(["settings format plain", "history"]).output
        #expect(output.contains("id\tstarted_at\tstatus\tcategory"))
        #expect(output.contains("\tfinished\tperson\tmc\tindividual\t"))
    }
}

@Suite struct ReplayTests {
    @Test func aFinishedQuizReplaysQuestionByQuestion() throws {
        let shell = try ShellHarness()
        _ = shell.run(["login guest", "mode mc", "category general", "start 2", "answer 1", "next", "skip"])
        let (quizzes, _) = try shell.database.history(userId: "guest", filter: .init())
        let id = String(try #require(quizzes.first).id.prefix(8))
        let result = shell.run(["history \(id) --replay"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("[1/2]"))
        #expect(result.output.contains("[2/2]"))
        #expect(result.output.contains("↷ skipped"))
        #expect(result.output.contains("←"), "the option chosen is marked")
        #expect(shell.run(["history --replay"]).output.contains("history <id> --replay"))
    }
}

@Suite struct HistoryArgumentTests {
    @Test func anEmptyDateIsRefusedAndANumberIsACount() throws {
        let shell = try ShellHarness()
        _ = shell.run(["login guest", "mode mc", "category music", "start 1", "skip"])
        let empty = shell.run(["history from="])
        #expect(empty.status == 1)
        #expect(empty.output.contains("from=YYYY-MM-DD"))
        let count = shell.run(["history 1000"])
        #expect(count.status == 0, "\(count.output)")
        #expect(count.output.contains("music"))
    }

    @Test func aPasswordOnTheLoginLineIsRefused() throws {
        let shell = try ShellHarness()
        let result = shell.run(["login email a@b.co hunter2"])
        #expect(result.output.contains("the password is asked separately"))
    }
}
