import BrainyKit
import Testing
@testable import BrainyShell

/// Flags with values out of range are refused with a message in the run's language, never taken: `--pace 1e300`
/// and `--pace inf` were taken and stopped the demo with SIGILL when the pause was converted to nanoseconds.
@Suite struct OutOfRangeFlagTests {
    func refusal(_ arguments: [String]) -> LaunchOptions.UsageError? {
        do {
            _ = try LaunchOptions.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["1e300", "inf", "-inf", "nan", "-1", "61s", "60001ms", "99999999999999999999", "1e10s"])
    func aPaceThatCannotBeSleptIsRefusedInBothLanguages(_ pace: String) throws {
        let english = try #require(refusal(["--lang", "en", "--pace", pace]))
        #expect(english.message.hasPrefix("--pace takes"), "\(english.message)")
        #expect(english.message.contains("'\(pace)'"))
        let korean = try #require(refusal(["--lang", "ko", "--pace", pace]))
        #expect(korean.message.hasPrefix("--pace"), "\(korean.message)")
        #expect(korean.language == .ko)
    }

    @Test(arguments: [("0", 0.0), ("800ms", 0.8), ("1.5s", 1.5), ("60s", 60.0), ("60000ms", 60.0)])
    func aPaceWithinAMinuteIsTaken(_ text: String, _ seconds: Double) throws {
        #expect(refusal(["--pace", text]) == nil)
        #expect(PaceText.seconds(text) == seconds)
    }
}
