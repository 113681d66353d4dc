import Testing
@testable import BrainyKit

/// Every action a state does not allow is refused naming the action and the state.
@Suite struct QuizFlowRefusalTests {
    static let queries: [FlowAction] = [.history, .stats, .profile, .settings, .sync, .leaderboard, .reset]
    static let betweenQuizzes: Set<FlowAction> = Set(queries + [.logout, .mode, .category, .format, .start, .login, .register, .ad])

    /// What each state allows, written out by hand so that a change to the table shows up here.
    static let allowed: [FlowState: Set<FlowAction>] = [
        .signedOut: [.login, .register],
        .home: Set(queries + [.logout, .mode, .login, .register, .ad]),
        .choosingCategory: Set(queries + [.logout, .mode, .category, .login, .register, .ad]),
        .ready: betweenQuizzes,
        .question: Set(queries + [.logout, .answer, .speak, .skip, .hint, .abandon, .repeat, .ad]).subtracting([.reset]),
        .answered: Set(queries + [.logout, .next, .abandon, .repeat, .ad]).subtracting([.reset]),
        .finished: betweenQuizzes,
        .stageCleared: betweenQuizzes,
        .stageFailed: betweenQuizzes,
        .interrupted: Set(queries + [.logout, .abandon, .resume, .login, .register, .ad]),
        .maintenance: [.sync],
        // A step inside AI mode's `start`: nothing is ever asked there.
        .generating: [],
        // A rewarded ad: stopped with `ad skip` or `skip`, or let run to its end; nothing else moves.
        .watchingAd: [.ad, .skip],
        // A step inside a provider's `login`: nothing is typed while the shell waits for the browser.
        .waitingForBrowser: [],
    ]

    @Test(arguments: FlowState.allCases)
    func theTableAllowsWhatEachStateShouldAccept(_ state: FlowState) throws {
        let expected = try #require(Self.allowed[state])
        #expect(Set(TransitionTable.allowedActions(in: state)) == expected)
    }

    @Test(arguments: FlowState.allCases)
    func everyActionNotAllowedIsRefusedNamingTheState(_ state: FlowState) throws {
        let flow = try FlowDriver.flow(in: state)
        try #require(flow.state == state)
        let allowed = flow.allowedActions
        #expect(allowed == FlowAction.allCases.filter { Self.allowed[state]?.contains($0) == true },
                "listed in the order of FlowAction")

        for action in FlowAction.allCases {
            if allowed.contains(action) {
                #expect(throws: Never.self, "\(action) in \(state)") { try flow.check(action) }
            } else {
                #expect(throws: BrainyError.actionNotAllowed(action, state: state), "\(action) in \(state)") {
                    try flow.check(action)
                }
            }
        }
    }

    @Test func theRefusalNamesTheActionAndTheState() throws {
        let flow = try FlowDriver.flow(in: .answered)
        let error = #expect(throws: BrainyError.self) { try flow.check(.hint) }
        #expect(error == .actionNotAllowed(.hint, state: .answered))
        #expect(flow.allowedActions == [.logout, .next, .abandon, .repeat, .history, .stats, .profile, .settings, .sync,
                                        .leaderboard, .ad])
    }

    /// Events that map to a refused action leave the flow exactly as it was.
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
        guard case .actionNotAllowed? = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(flow == before)
    }
}
