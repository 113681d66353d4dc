import BrainyKit
import Testing
@testable import BrainyShell

/// A refused `--pace` or `--seed` says what the flag takes, the whole range, in the run's language: "a whole number"
/// alone left a person guessing whether -1 or 2^64 would do, "a time like 1.5s" whether 2 minutes would.
@Suite struct FlagRangeMessageTests {
    func refusal(_ arguments: [String]) throws -> LaunchOptions.UsageError {
        do {
            _ = try LaunchOptions.parse(arguments)
        } catch {
            return error
        }
        Issue.record("\(arguments) was taken")
        throw FlagWasTaken()
    }

    struct FlagWasTaken: Error {}

    @Test(arguments: ["-1", "61s", "2m", "soon", "inf"])
    func aRefusedPaceNamesItsRangeInEnglish(_ pace: String) throws {
        let error = try refusal(["--lang", "en", "--pace", pace])
        #expect(error.language == .en)
        #expect(error.message == "--pace takes a time from 0 to 60 seconds (like 1.5s or 800ms; 0 for none), not '\(pace)'.")
    }

    @Test(arguments: ["-1", "61s", "2m", "soon", "inf"])
    func aRefusedPaceNamesItsRangeInKorean(_ pace: String) throws {
        let error = try refusal(["--lang", "ko", "--pace", pace])
        #expect(error.language == .ko)
        #expect(error.message.hasPrefix("--pace에는 0에서 60초 사이의 시간(예: 1.5s, 800ms, 멈추지 않으려면 0)을 주세요. '\(pace)'"),
                "\(error.message)")
    }

    @Test(arguments: ["-1", "18446744073709551616", "1.5", "x"])
    func aRefusedSeedNamesItsRangeInEnglish(_ seed: String) throws {
        let error = try refusal(["--lang", "en", "--seed", seed])
        #expect(error.message == "--seed takes a whole number from 0 to 18446744073709551615 (like 42), not '\(seed)'.")
    }

    @Test(arguments: ["-1", "18446744073709551616", "1.5", "x"])
    func aRefusedSeedNamesItsRangeInKorean(_ seed: String) throws {
        let error = try refusal(["--lang", "ko", "--seed", seed])
        #expect(error.language == .ko)
        #expect(error.message.hasPrefix("--seed에는 0에서 18446744073709551615 사이의 정수(예: 42)를 주세요. '\(seed)'"),
                "\(error.message)")
    }

    @Test func theEndsOfTheRangesAreTaken() throws {
        #expect(try LaunchOptions.parse(["--seed", "0"]).seed == 0)
        #expect(try LaunchOptions.parse(["--seed", "18446744073709551615"]).seed == UInt64.max)
        #expect(try LaunchOptions.parse(["--pace", "0"]).pace == 0)
        #expect(try LaunchOptions.parse(["--pace", "60s"]).pace == 60)
    }
}
