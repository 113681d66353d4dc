import BrainyKit
import Testing
@testable import BrainyShell

/// Every command a state does not accept is refused with a message naming the state and what is allowed: the flow's
/// table for the commands that ask something of it, every state a person types in for the shell's own.
@Suite struct CommandRefusalTests {
    /// The commands the shell answers by itself, written out by hand.
    static let anywhere: [CommandName] = [.help, .state, .diagram, .timing, .record, .source, .clear, .exit, .clock, .flags,
                                          .config, .ai, .ads]
    static let queries: [CommandName] = [.history, .stats, .profile, .settings, .sync, .leaderboard, .reset]
    static let betweenQuizzes: Set<CommandName> = Set(anywhere + queries + [.logout, .mode, .category, .format, .start, .login, .register,
                                                                            .ad])

    /// What each state accepts, written out by hand so that a change to the table or to the shell shows up here.
    static let allowed: [FlowState: Set<CommandName>] = [
        .signedOut: Set(anywhere + [.login, .register]),
        .home: Set(anywhere + queries + [.logout, .mode, .login, .register, .ad]),
        .choosingCategory: Set(anywhere + queries + [.logout, .mode, .category, .login, .register, .ad]),
        .ready: betweenQuizzes,
        .question: Set(anywhere + queries + [.logout, .answer, .speak, .skip, .hint, .abandon, .repeat, .ad]).subtracting([.reset]),
        .answered: Set(anywhere + queries + [.logout, .next, .abandon, .repeat, .ad]).subtracting([.reset]),
        .finished: betweenQuizzes,
        .stageCleared: betweenQuizzes,
        .stageFailed: betweenQuizzes,
        .interrupted: Set(anywhere + queries + [.logout, .abandon, .resume, .login, .register, .ad]),
        .maintenance: Set(anywhere + [.sync]),
        // A step inside AI mode's `start`: no command is ever typed there.
        .generating: [],
        // A rewarded ad: stopped with `ad skip` or `skip`, or let run to its end; nothing else moves.
        .watchingAd: Set(anywhere + [.ad, .skip]),
    ]

    @Test func theShellsOwnCommandsAreThoseThatAskNothingOfTheFlow() {
        #expect(CommandRules.anywhere == Self.anywhere)
        for action in FlowAction.allCases {
            #expect(CommandName(action).flowAction == action, "\(action)")
        }
    }

    @Test(arguments: FlowState.allCases)
    func eachStateAcceptsWhatItShould(_ state: FlowState) throws {
        let expected = try #require(Self.allowed[state])
        #expect(Set(CommandRules.allowed(in: state, qa: true)) == expected)
    }

    @Test(arguments: FlowState.allCases, [false, true])
    func everyCommandNotAllowedIsRefusedNamingTheStateAndTheAllowedCommands(_ state: FlowState, qa: Bool) {
        let allowed = CommandRules.allowed(in: state, qa: qa)
        #expect(allowed == CommandName.allCases.filter { Self.allowed[state]?.contains($0) == true && (qa || !$0.isQA) },
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
        #expect(ErrorMessage.of(try #require(error)).en == """
            'hint' is not allowed now (state: answer shown). Allowed now: help, state, logout, next, abandon, repeat, \
            history, stats, profile, settings, sync, leaderboard, diagram, timing, record, source, clear, exit, ad
            """)
    }

    /// An action the flow refuses inside a command is said as the command would be, the QA commands listed with
    /// `--qa` as the shell's own refusal lists them.
    @Test(arguments: [false, true])
    func theFlowsRefusalIsSaidAsTheShellsOwn(qa: Bool) throws {
        let session = try ShellHarness().session(qa: qa)
        let flowSays = session.message(for: BrainyError.actionNotAllowed(.hint, state: .signedOut))
        let shellSays = session.message(for: #expect(throws: ShellError.self) { try session.flow.check(CommandName.hint) }
                                        ?? ShellError.inputEnded)
        #expect(flowSays == shellSays)
        #expect(flowSays.en.contains("clock") == qa)
    }
}
