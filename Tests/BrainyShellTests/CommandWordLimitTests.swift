import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// A command that declares the most words it takes refuses one more with its usage, through the dispatcher, for every
/// such command in the registry: none of them drops a typed word without a word said.
@Suite struct CommandWordLimitTests {
    /// The registry's commands that declare a maximum.
    static let limited: [CommandName] = CommandRegistry.commands.filter { $0.maximumWords != nil }.map { $0.name }

    /// The lines that bring a new shell to a state where `command` is allowed.
    static func lines(before command: CommandName) -> [String] {
        let paths: [(FlowState, [String])] = [
            (.signedOut, []), (.home, ["login guest"]), (.choosingCategory, ["login guest", "mode mc"]),
            (.ready, ["login guest", "mode mc", "category country"]),
        ]
        return paths.first { CommandRules.allows(command, in: $0.0) }?.1 ?? []
    }

    @Test func theCommandsThatOnceCheckedTheirOwnWordsDeclareAMaximum() {
        for name in [CommandName.login, .register, .settings, .leaderboard, .source] {
            #expect(Self.limited.contains(name), "'\(name.rawValue)' declares no maximum")
        }
        #expect(!Self.limited.contains(.answer) && !Self.limited.contains(.history), "free text and filters take any number")
    }

    @Test(arguments: limited)
    func oneWordMoreThanTheMostIsRefusedWithTheUsage(_ name: CommandName) throws {
        let command = CommandRegistry.command(name)
        let declared: Int? = command.maximumWords
        let maximum = try #require(declared)
        let shell = try ShellHarness()
        let typed = ([name.rawValue] + Array(repeating: "extra", count: maximum + 1)).joined(separator: " ")
        let result = shell.run(Self.lines(before: name) + [typed])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Too many words for '\(name.rawValue)'"), "\(result.output)")
        #expect(result.output.contains("Usage: \(command.usage)"), "\(result.output)")

        let atMost = ([name.rawValue] + Array(repeating: "extra", count: maximum)).joined(separator: " ")
        let allowed = shell.run(Self.lines(before: name) + [atMost])
        #expect(!allowed.output.contains("Too many words"), "\(allowed.output)")
    }

    @Test func inKoreanTheRefusalSaysTheUsageToo() throws {
        let result = try ShellHarness().run(["login guest", "stats all"], language: .ko)
        #expect(result.output.contains("'stats'에 값이 너무 많습니다. 사용법: stats"), "\(result.output)")
    }
}
