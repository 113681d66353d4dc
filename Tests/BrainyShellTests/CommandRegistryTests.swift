import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// One command, one type, one place: the registry is the only list, and everything about commands derives from it.
@Suite struct CommandRegistryTests {
    /// The registry is a `switch` over `CommandName` (the compiler holds it to every name); this holds each name to a
    /// handler that answers to that name, and no handler to two names.
    @Test func theRegistryHandsEachNameTheCommandOfThatName() {
        for name in CommandName.allCases {
            let handled: CommandName = CommandRegistry.command(name).name
            #expect(handled == name, "'\(name.rawValue)' is handled by the command of '\(handled.rawValue)'")
        }
        let names: [CommandName] = CommandRegistry.commands.map { $0.name }
        #expect(names == CommandName.allCases)
    }

    @Test func everyHandlerIsAllowedSomewhere() {
        for command in CommandRegistry.commands {
            #expect(FlowState.allCases.contains { CommandRules.allows(command.name, in: $0) },
                    "'\(command.name.rawValue)' is allowed nowhere")
            #expect(ShellTransition.all.contains { $0.trigger == .command(command.name) }, "'\(command.name.rawValue)' has no row")
        }
    }

    @Test func namesAndAliasesCallOneCommandEach() {
        var seen: [String: CommandName] = [:]
        for command in CommandRegistry.commands {
            for word in [command.name.rawValue] + command.aliases {
                #expect(seen[word] == nil, "'\(word)' calls both \(seen[word]?.rawValue ?? "") and \(command.name.rawValue)")
                seen[word] = command.name
                #expect(CommandRegistry.command(named: word.uppercased())?.name == command.name)
            }
        }
    }

    @Test func everyCommandSaysWhatItDoesInBothLanguages() {
        for command in CommandRegistry.commands {
            #expect(command.usage.hasPrefix(command.name.rawValue), "\(command.name.rawValue): \(command.usage)")
            #expect(!command.summary.ko.isEmpty && !command.summary.en.isEmpty)
            #expect(command.summary.ko != command.summary.en)
        }
    }

    @Test func helpForSettingsNamesEverySetting() throws {
        let shell = try ShellHarness()
        let output = shell.run(["login guest", "help settings"]).output
        for key in Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue) {
            #expect(output.contains(key), "help settings does not name \(key)")
        }
    }

    @Test func completionAfterHelpOffersQACommandsOnlyWithQA() throws {
        let shell = try ShellHarness()
        let player = ShellCompleter(contexts: shell.session().contexts).candidates("help ")
        #expect(!player.contains("clock") && !player.contains("reset"))
        #expect(player.contains("start"))
        let tester = try ShellHarness()
        let session = tester.session(qa: true)
        #expect(ShellCompleter(contexts: session.contexts).candidates("help ").contains("clock"))
    }

    @Test func theReadmeTableOfCommandsIsTheRegistrys() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let fresh = try #require(CommandTable.replacing(in: text), "README.md has no command table markers")
        if ProcessInfo.processInfo.environment["BRAINY_UPDATE_README"] == "1" {
            try fresh.write(to: readme, atomically: true, encoding: .utf8)
        }
        #expect(fresh == text, "README.md's command table is stale: BRAINY_UPDATE_README=1 swift test --filter CommandRegistryTests")
    }
}
