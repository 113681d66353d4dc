import Testing
@testable import BrainyKit

/// Every command a state does not accept is refused with a message naming the state and what is allowed.
@Suite struct QuizFlowRefusalTests {
    /// The commands every state a person types in accepts are the table's own list (a command of the shell alone,
    /// such as `help`, is added there and nowhere else); what each state accepts beyond them is written out below.
    static let anywhere = TransitionTable.anywhere
    static let queries: [CommandName] = [.history, .stats, .profile, .settings, .sync, .leaderboard, .reset]
    static let betweenQuizzes: Set<CommandName> = Set(anywhere + queries + [.logout, .mode, .category, .format, .start, .login, .register,
                                                                            .ad])

    /// What each state accepts, written out by hand so that a change to the table shows up here.
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

    @Test(arguments: FlowState.allCases)
    func theTableAllowsWhatEachStateShouldAccept(_ state: FlowState) throws {
        let expected = try #require(Self.allowed[state])
        #expect(Set(TransitionTable.allowedCommands(in: state)) == expected)
    }

    @Test(arguments: FlowState.allCases)
    func everyCommandNotAllowedIsRefusedNamingTheStateAndTheAllowedCommands(_ state: FlowState) throws {
        let flow = try FlowDriver.flow(in: state)
        try #require(flow.state == state)
        let allowed = flow.allowedCommands
        #expect(allowed == CommandName.allCases.filter { Self.allowed[state]?.contains($0) == true && !$0.isQA },
                "listed in the order of CommandName, without the QA commands")

        for command in CommandName.allCases {
            if command.isQA {
                #expect(throws: BrainyError.qaOnly(command), "\(command) in \(state)") { try flow.check(command) }
            } else if allowed.contains(command) {
                #expect(throws: Never.self, "\(command) in \(state)") { try flow.check(command) }
            } else {
                #expect(throws: BrainyError.commandNotAllowed(command, state: state, allowed: allowed),
                        "\(command) in \(state)") { try flow.check(command) }
            }
        }
    }

    @Test func theRefusalNamesTheCommandTheStateAndWhatIsAllowed() throws {
        let flow = try FlowDriver.flow(in: .answered)
        let error = #expect(throws: BrainyError.self) { try flow.check(.hint) }
        guard case let .commandNotAllowed(command, state, allowed)? = error else {
            Issue.record("expected .commandNotAllowed, got \(String(describing: error))")
            return
        }
        #expect(command == .hint && state == .answered)
        #expect(allowed == [.help, .state, .logout, .next, .abandon, .repeat, .history, .stats, .profile, .settings, .sync,
                            .leaderboard, .diagram, .timing, .record, .source, .clear, .exit, .ad])
    }

    /// Events that map to a refused command leave the flow exactly as it was.
    @Test(arguments: [
        (FlowState.signedOut, "modeChosen"), (.home, "answerSubmitted"), (.question, "nextRequested"),
        (.answered, "hintRequested"), (.ready, "resumeRequested"), (.maintenance, "signedOut"),
        (.finished, "abandonRequested"), (.interrupted, "categoryChosen"), (.question, "signedIn"),
        (.choosingCategory, "startRequested"), (.stageFailed, "skipRequested"), (.question, "quizDealt"),
        (.answered, "answerSpoken"),
    ])
    func aRefusedEventChangesNothing(state: FlowState, eventName: String) throws {
        var flow = try FlowDriver.flow(in: state)
        let before = flow
        let event: FlowEvent = switch eventName {
        case "modeChosen": .modeChosen(.shortAnswer)
        case "answerSubmitted": .answerSubmitted("서울", at: Fixtures.start)
        case "nextRequested": .nextRequested(at: Fixtures.start)
        case "hintRequested": .hintRequested(using: SeededGenerator(seed: 1))
        case "resumeRequested": .resumeRequested(at: Fixtures.start)
        case "signedOut": .signedOut
        case "abandonRequested": .abandonRequested(at: Fixtures.start)
        case "categoryChosen": .categoryChosen(.music)
        case "signedIn": .signedIn(FlowDriver.user, hintCredits: 9, interrupted: nil)
        case "startRequested": .startRequested(selection: .random, count: 5)
        case "skipRequested": .skipRequested(at: Fixtures.start)
        case "answerSpoken": .answerSpoken("3", heard: "three", at: Fixtures.start)
        default: .quizDealt(Fixtures.play())
        }
        let error = #expect(throws: BrainyError.self) { _ = try flow.handle(event) }
        guard case .commandNotAllowed? = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(flow == before)
    }
}
