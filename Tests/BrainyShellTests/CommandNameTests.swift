import BrainyKit
import Testing
@testable import BrainyShell

/// A command asks the flow for the action of its own name: no second list holds the two together, so these hold
/// the names in step.
@Suite struct CommandNameTests {
    @Test(arguments: FlowAction.allCases)
    func everyActionOfTheFlowIsAskedForByTheCommandOfItsName(_ action: FlowAction) throws {
        let command = try #require(CommandName(rawValue: action.rawValue), "no command is named '\(action.rawValue)'")
        #expect(command.flowAction == action)
        #expect(CommandName(action) == command)
    }

    @Test func theCommandsThatAskTheFlowAreExactlyItsActions() {
        let asking = CommandName.allCases.compactMap(\.flowAction)
        #expect(Set(asking) == Set(FlowAction.allCases))
        #expect(asking.count == FlowAction.allCases.count, "one command an action")
    }

    /// The shell's own words are not the flow's: its manual, its output and its switches ask nothing of it.
    @Test(arguments: [CommandName.help, .state, .exit, .clock, .config])
    func aCommandTheShellAnswersByItselfAsksNothingOfTheFlow(_ command: CommandName) {
        #expect(command.flowAction == nil)
    }

    /// The QA switches are the commands given QA's context; a player's command never is one.
    @Test func theQASwitchesAreTheCommandsGivenQAsContext() {
        #expect(CommandName.allCases.filter(\.isQA) == [.clock, .flags, .config, .reset, .ai, .ads])
    }
}
