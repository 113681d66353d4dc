import BrainyKit
import Testing
@testable import BrainyShell

/// `brainy`'s flags are one table (`LaunchOptions.flags`) that the parser and the manual both read.
@Suite struct LaunchFlagTableTests {
    @Test func everyNameOfEveryFlagIsOneTheParserTakes() {
        for flag in LaunchOptions.flags {
            for name in flag.names + flag.hiddenNames {
                do {
                    _ = try LaunchOptions.parse([name] + (name == "--check" ? ["a.transcript"] : []))
                } catch {
                    #expect(!error.message.hasPrefix("알 수 없는 옵션"), "\(name): \(error.message)")
                    #expect(error.message.contains("값이 필요합니다") || error.message.contains("--check"),
                            "\(name) alone fails only for want of its value: \(error.message)")
                }
            }
        }
    }

    @Test func aFlagShowsAValueInTheManualExactlyWhereTheParserWantsOne() throws {
        for flag in LaunchOptions.flags {
            let option = flag.option(in: .en)
            #expect(LaunchOptions.manual.options.contains(option), "\(flag.names)")
            guard case .value = flag.effect else { continue }
            #expect(option.placeholder != nil, "\(flag.names)")
            let error = #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--lang", "en", flag.names[0]]) }
            #expect(error?.message == "\(flag.names[0]) needs a value.", "\(flag.names)")
        }
        #expect(LaunchOptions.manual.options.count == LaunchOptions.flags.count)
        #expect(!LaunchOptions.manual.flagNames.contains("--no-colour"), "a hidden name is taken, not shown")
        #expect(try LaunchOptions.parse(["--no-colour"]).noColor)
    }

    @Test func qaHelpNamesEveryQACommand() {
        let qa = try? #require(LaunchOptions.flag(named: "--qa"))
        for command in CommandName.allCases where command.isQA {
            #expect(qa?.help.en.contains(command.rawValue) == true, "\(command)")
            #expect(qa?.help.ko.contains(command.rawValue) == true, "\(command)")
        }
    }
}
