import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// Every command a state does not accept is refused with a message naming the state and what is allowed: the flow's
/// table for the commands that ask something of it, every state a person types in for the shell's own.
@Suite struct CommandRefusalTests {
    /// What each state accepts, kept in `Tests/Golden/allowed-commands.txt` so that a change to the table or to the
    /// shell shows up there as a diff to review (the flow's own table is held by hand in `QuizFlowRefusalTests`).
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/allowed-commands.txt")

    /// The file's text for the rules as they are: a line a state, its commands in `CommandName`'s order.
    static var rulesAsText: String {
        let header = """
            # The commands each state accepts (CommandRules.allowed, with --qa; without it the QA commands are left out).
            # Held to the rules by CommandRefusalTests. After a change meant to the rules:
            # BRAINY_UPDATE_GOLDEN=1 swift test --filter CommandRefusalTests, then review the diff of this file.


            """
        return header + FlowState.allCases.map { state in
            let names = CommandRules.allowed(in: state, qa: true).map(\.rawValue).joined(separator: ", ")
            return names.isEmpty ? "\(state.rawValue):" : "\(state.rawValue): \(names)"
        }.joined(separator: "\n") + "\n"
    }

    /// The commands the golden file says `state` accepts, in its order.
    static func accepted(in state: FlowState) throws -> [CommandName] {
        let text = try String(contentsOf: golden, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("\(state.rawValue):") },
                                "\(golden.lastPathComponent) has no line for \(state.rawValue)")
        return try line.dropFirst(state.rawValue.count + 1).split(separator: ",").map {
            let word = $0.trimmingCharacters(in: .whitespaces)
            return try #require(CommandName(rawValue: word), "'\(word)' is no command")
        }
    }

    @Test func eachStateAcceptsWhatTheGoldenFileSays() throws {
        let text = try String(contentsOf: Self.golden, encoding: .utf8)
        if ProcessInfo.processInfo.environment["BRAINY_UPDATE_GOLDEN"] == "1" {
            try Self.rulesAsText.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        #expect(Self.rulesAsText == text, "the rules changed: review the diff, then write it with BRAINY_UPDATE_GOLDEN=1")
    }

    // A few rules said by hand, which no change to the table should break.

    @Test(arguments: FlowState.allCases)
    func helpAndExitAreAcceptedWhereverSomethingIsTypedAndNothingWhereNothingIs(_ state: FlowState) {
        let allowed = CommandRules.allowed(in: state, qa: true)
        if state.isTransient {
            #expect(allowed.isEmpty)
        } else {
            #expect(allowed.contains(.help) && allowed.contains(.state) && allowed.contains(.exit))
            #expect(CommandRules.anywhere.allSatisfy(allowed.contains), "the shell's own commands are accepted everywhere")
        }
    }

    @Test(arguments: FlowState.allCases)
    func aCommandThatAsksTheFlowIsAcceptedWhereTheFlowsTableAllowsIt(_ state: FlowState) {
        for command in CommandName.allCases {
            guard let action = command.flowAction else { continue }
            #expect(CommandRules.allows(command, in: state) == TransitionTable.allows(action, in: state), "\(command) in \(state)")
        }
    }

    @Test func signedOutOnlySigningInMovesUnderMaintenanceOnlySync() {
        #expect(CommandRules.allowed(in: .signedOut, qa: false).filter { $0.flowAction != nil } == [.login, .register])
        #expect(CommandRules.allowed(in: .maintenance, qa: true).filter { $0.flowAction != nil } == [.sync])
        #expect(CommandRules.allows(.answer, in: .question) && !CommandRules.allows(.answer, in: .answered))
        #expect(!CommandRules.allows(.reset, in: .question), "progress is not wiped under a quiz being played")
    }

    @Test(arguments: FlowState.allCases, [false, true])
    func everyCommandNotAllowedIsRefusedNamingTheStateAndTheAllowedCommands(_ state: FlowState, qa: Bool) throws {
        let allowed = CommandRules.allowed(in: state, qa: qa)
        #expect(allowed == (try Self.accepted(in: state)).filter { qa || !$0.isQA },
                "listed in the order of CommandName, the QA commands only with --qa")
        for command in CommandName.allCases {
            if command.isQA && !qa {
                #expect(throws: ShellError.qaOnly(command), "\(command) in \(state)") {
                    try CommandRules.check(command, in: state, qa: qa)
                }
            } else if allowed.contains(command) {
                #expect(throws: Never.self, "\(command) in \(state)") { try CommandRules.check(command, in: state, qa: qa) }
            } else {
                #expect(throws: ShellError.commandNotAllowed(command, state: state, allowed: allowed), "\(command) in \(state)") {
                    try CommandRules.check(command, in: state, qa: qa)
                }
            }
        }
    }

    @Test func theRefusalNamesTheCommandTheStateAndWhatIsAllowed() throws {
        let error = #expect(throws: ShellError.self) { try CommandRules.check(.hint, in: .answered, qa: false) }
        // The list is the reviewed golden file's (a new command changes it there, not here), in the registry's order.
        let allowed = try Self.accepted(in: .answered).filter { !$0.isQA }
        #expect(allowed.starts(with: [.help, .state, .logout, .next, .abandon, .repeat]))
        #expect(ErrorMessage.of(try #require(error)).en == """
            'hint' is not allowed now (state: answer shown). Allowed now: \
            \(allowed.map(\.rawValue).joined(separator: ", "))
            """)
    }

    /// An action the flow refuses inside a command is said as the command's own refusal, in one place: the QA
    /// commands are listed with `qa`, as the shell's check lists them.
    @Test(arguments: FlowState.allCases, [false, true])
    func theMessageOfARefusedActionIsTheCommandsRefusal(_ state: FlowState, qa: Bool) {
        for action in FlowAction.allCases where !TransitionTable.allows(action, in: state) {
            let command = CommandName(action)
            #expect(ErrorMessage.of(BrainyError.actionNotAllowed(action, state: state), qa: qa)
                    == ErrorMessage.of(ShellError.commandNotAllowed(command, state: state,
                                                                     allowed: CommandRules.allowed(in: state, qa: qa))),
                    "\(action) in \(state)")
        }
    }

    /// An action the flow refuses inside a command is said as the command would be, the QA commands listed with
    /// `--qa` as the shell's own refusal lists them.
    @Test(arguments: [false, true])
    func theFlowsRefusalIsSaidAsTheShellsOwn(qa: Bool) throws {
        let session = try ShellHarness().session(qa: qa)
        let flowSays = session.message(for: BrainyError.actionNotAllowed(.hint, state: .signedOut))
        let shellSays = session.message(for: #expect(throws: ShellError.self) { try session.flow.check(CommandName.hint, qa: session.options.qaEnabled) }
                                        ?? ShellError.inputEnded)
        #expect(flowSays == shellSays)
        #expect(flowSays.en.contains("clock") == qa)
    }
}
