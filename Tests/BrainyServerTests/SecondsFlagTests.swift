import Foundation
import Testing
@testable import BrainyServer

/// Each flag that takes seconds is declared once (`SecondsFlag`): its help, its check and its default all come from
/// that declaration.
@Suite struct SecondsFlagTests {
    static func setting(_ arguments: ServerArguments, _ name: String) -> Double? {
        switch name {
        case "refusal-delay": arguments.refusalDelay
        case "database-timeout": arguments.databaseTimeout
        case "header-timeout": arguments.headerTimeout
        case "body-timeout": arguments.bodyTimeout
        case "idle-timeout": arguments.idleTimeout
        default: nil
        }
    }

    @Test(arguments: SecondsFlag.all.map(\.name))
    func theHelpTheCheckAndTheDefaultAreTheDeclarations(_ name: String) throws {
        let flag = try #require(SecondsFlag.all.first { $0.name == name })
        // The flag's entry in `--help`, its words on one line: from its name to the next flag's.
        let help = ServerCommand.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let start = try #require(help.range(of: "--\(name) <seconds> "))
        let entry = String(help[start.upperBound...]).components(separatedBy: " --").first ?? ""
        #expect(entry.contains(flag.rangeText), "\(entry)")
        #expect(Self.setting(try ServerArguments.parse([], environment: [:]), name) == flag.defaultValue)
        let highest = try ServerArguments.parse(["--\(name)", SecondsFlag.plain(flag.range.upperBound)], environment: [:])
        #expect(Self.setting(highest, name) == flag.range.upperBound)
        for bad in [flag.range.upperBound + 1, flag.range.lowerBound - 0.05] {
            #expect(throws: ServerArguments.UsageError.self) {
                try ServerArguments.parse(["--\(name)", String(bad)], environment: [:])
            }
        }
        let refused = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--\(name)", "soon"], environment: [:])
        }
        #expect(refused?.message.hasPrefix("--\(name) needs a number of seconds from ") == true)
        // The refusal says the range as the help does, whatever the locale (no "3,600").
        let range = "\(SecondsFlag.plain(flag.range.lowerBound)) to \(SecondsFlag.plain(flag.range.upperBound))"
        #expect(refused?.message.contains("from \(range), not 'soon'") == true, "\(refused?.message ?? "")")
        #expect(flag.rangeText.hasPrefix(range))
    }

    @Test func theRangesReadAsTheyAlwaysHave() {
        #expect(SecondsFlag.refusalDelay.rangeText == "0 to 60 (default: 1)")
        #expect(SecondsFlag.databaseTimeout.rangeText == "0.1 to 600 (default: 4)")
        #expect(SecondsFlag.headerTimeout.rangeText == "1 to 3600 (default: 10)")
    }
}
