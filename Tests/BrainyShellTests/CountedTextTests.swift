@testable import BrainyShell
import Testing

/// English counts take the singular for one ("1 point", never "1 points"); Korean counts have no plural.
@Suite struct CountedTextTests {
    @Test func oneTakesTheSingularEveryOtherCountThePlural() {
        #expect(1.counted("point") == "1 point")
        #expect(0.counted("point") == "0 points")
        #expect(2.counted("point") == "2 points")
        #expect(12_345.counted("result") == "12,345 results")
        #expect(1.counted("quiz", "quizzes") == "1 quiz")
        #expect(3.counted("quiz", "quizzes") == "3 quizzes")
    }

    @Test func theShellsOwnCountsSayOneInTheSingular() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        for command in ["login guest", "mode mc", "category music", "start 1", "1", "next", "stats"] {
            _ = try session.execute(command)
        }
        let said = session.console.captured
        #expect(!said.contains(" 1 answers") && !said.contains("(1 answers)"), "\(said)")
        #expect(!said.contains("1 points") && !said.contains("1 questions") && !said.contains("1 commands"))
    }
}
