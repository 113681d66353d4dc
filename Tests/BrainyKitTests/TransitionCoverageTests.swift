import Foundation
import Testing
@testable import BrainyKit

/// Every rule of the transition table, to each of its targets, followed through `QuizFlow.handle`: the flow lands
/// where the rule says, and never anywhere it does not list (the flow checks that as it moves).
@Suite struct TransitionCoverageTests {
    struct Edge: Hashable, Sendable, CustomTestStringConvertible {
        var from: FlowState
        var trigger: FlowTrigger
        var to: FlowState

        var testDescription: String { "\(from.rawValue) --\(trigger.label)--> \(to.rawValue)" }
    }

    static let edges: [Edge] = TransitionTable.rules.flatMap { rule in
        rule.to.map { Edge(from: rule.from, trigger: rule.trigger, to: $0) }
    }

    @Test func theTableHasOneRuleForEachStateAndTrigger() {
        var seen = Set<String>()
        for rule in TransitionTable.rules {
            #expect(seen.insert("\(rule.from.rawValue) \(rule.trigger.label)").inserted, "\(rule.from) \(rule.trigger.label)")
            #expect(!rule.to.isEmpty)
        }
        #expect(Set(Self.edges).count == Self.edges.count)
    }

    @Test func everyActionIsAllowedSomewhereAndEveryStateCanBeLeft() {
        for action in FlowAction.allCases {
            #expect(TransitionTable.rules.contains { $0.action == action }, "\(action) has no rule")
        }
        for state in FlowState.allCases {
            #expect(TransitionTable.rules.contains { $0.from == state && !$0.keepsState }, "\(state) cannot be left")
            #expect(TransitionTable.rules.contains { $0.to.contains(state) && $0.from != state }, "\(state) cannot be reached")
        }
    }

    @Test(arguments: edges)
    func followingTheEdgeThroughHandleLandsInItsTarget(_ edge: Edge) throws {
        var (flow, event) = try setUp(edge)
        try #require(flow.state == edge.from, "reached \(flow.state) instead of \(edge.from)")
        if let event {
            _ = try flow.handle(event)
        } else if let action = edge.trigger.action {
            // A query or a setting: the flow only checks that it is allowed.
            try flow.check(action)
        }
        #expect(flow.state == edge.to)
    }

    @Test func aMoveTheTableDoesNotListIsRefusedAndChangesNothing() throws {
        // Resuming a quiz that turns out to be fully answered would finish it; from `home` no rule lists that.
        var flow = try FlowDriver.signedIn()
        let before = flow
        #expect(throws: BrainyError.actionNotAllowed(.resume, state: .home)) {
            _ = try flow.handle(.resumeRequested(at: Fixtures.start))
        }
        #expect(flow == before)
        // A system trigger the table does not list where the flow is.
        var signedOut = QuizFlow()
        #expect(throws: BrainyError.transitionNotInTable(from: .signedOut, trigger: .sessionExpired, to: nil)) {
            _ = try signedOut.handle(.sessionExpired)
        }
    }

    /// Reaches `edge.from` in a way that makes the trigger lead to `edge.to`, and the event that fires it (nil for a
    /// an action that leaves the state alone).
    private func setUp(_ edge: Edge) throws -> (QuizFlow, FlowEvent?) {
        let at = Fixtures.start + 1_000
        switch (edge.trigger, edge.to) {
        case (.adCompleted, let origin), (.action(.ad), let origin) where edge.from == .watchingAd,
             (.action(.skip), let origin) where edge.from == .watchingAd:
            // Out of a rewarded ad (completed or skipped): back to where it began.
            var flow = try FlowDriver.flow(in: origin)
            _ = try flow.handle(.adWatchStarted(at: at))
            return (flow, .adWatchEnded(via: edge.trigger, rewardHints: edge.trigger == .adCompleted ? 1 : 0, at: at + 15))
        case (.action(.ad), .watchingAd):
            return (try FlowDriver.flow(in: edge.from), .adWatchStarted(at: at))
        case (.action(.login), .waitingForBrowser):
            return (try FlowDriver.flow(in: edge.from), .browserWaitStarted)
        case (.browserSignInDone, _):
            // Signed in by the browser: the shell signs the account in as for any `login`.
            let interrupted = edge.to == .interrupted ? Fixtures.play(answers: Fixtures.answers([.wrong])) : nil
            return (try FlowDriver.flow(in: .waitingForBrowser),
                    .signedIn(FlowDriver.user, hintCredits: 0, interrupted: interrupted))
        case (.browserSignInStopped, let origin):
            // Refused, expired or stopped: back to where `login` began.
            var flow = try FlowDriver.flow(in: origin)
            _ = try flow.handle(.browserWaitStarted)
            return (flow, .browserWaitEnded)
        case (.action(.login), _), (.action(.register), _), (.sessionRestored, _):
            let interrupted = edge.to == .interrupted ? Fixtures.play(answers: Fixtures.answers([.wrong])) : nil
            return (try FlowDriver.flow(in: edge.from),
                    .signedIn(FlowDriver.user, hintCredits: 0, interrupted: interrupted, via: edge.trigger))
        case (.action(.logout), _):
            return (try FlowDriver.flow(in: edge.from), .signedOut)
        case (.sessionExpired, _):
            var flow = try FlowDriver.flow(in: edge.from)
            if edge.from == .maintenance {
                _ = try flow.handle(.maintenanceChanged(false))
                _ = try flow.handle(.signedIn(FlowDriver.user, hintCredits: 0, interrupted: nil))
                _ = try flow.handle(.maintenanceChanged(true))
            }
            return (flow, .sessionExpired)
        case (.maintenanceStarted, _):
            return (try FlowDriver.flow(in: edge.from), .maintenanceChanged(true))
        case (.maintenanceEnded, let before):
            var flow = try FlowDriver.flow(in: before)
            _ = try flow.handle(.maintenanceChanged(true))
            return (flow, .maintenanceChanged(false))
        case (.action(.mode), _):
            return (try FlowDriver.flow(in: edge.from), .modeChosen(.multipleChoice))
        case (.action(.category), _):
            return (try FlowDriver.flow(in: edge.from), .categoryChosen(.country))
        case (.action(.format), _):
            return (try FlowDriver.flow(in: edge.from), .formatChosen(.individual))
        case (.action(.start), .generating):
            // AI mode: from ready, or after an AI quiz ended.
            var flow: QuizFlow
            if edge.from == .ready {
                flow = try FlowDriver.ready(type: .ai)
            } else {
                let format: QuizFormat = edge.from == .finished ? .individual : .stage
                let correct = edge.from == .stageFailed ? 3 : (edge.from == .stageCleared ? 4 : 5)
                flow = try FlowDriver.playing(Fixtures.play(type: .ai, format: format))
                for position in 0..<5 {
                    try flow.answerOpenQuestion(correctly: position < correct)
                    try flow.goToNext()
                }
            }
            return (flow, .startRequested(selection: .adaptive, count: 5))
        case (.action(.start), _):
            var flow = try FlowDriver.flow(in: edge.from)
            let effects = try flow.handle(.startRequested(selection: .random, count: 5))
            #expect(effects.map(\.kind) == ["dealQuiz"])
            return (flow, .quizDealt(Fixtures.play()))
        case (.questionsGenerated, _):
            return (try FlowDriver.flow(in: edge.from), .quizDealt(Fixtures.play()))
        case (.generationFailed, _):
            return (try FlowDriver.flow(in: edge.from), .generationFailed)
        case (.timeRanOut, _):
            return (try FlowDriver.playing(timer: 5), .timeChecked(at: Fixtures.start + 6))
        case (.action(.answer), _):
            return (try FlowDriver.flow(in: edge.from), .answerSubmitted("세종대왕", at: at))
        case (.action(.speak), _):
            return (try FlowDriver.flow(in: edge.from), .answerSpoken("세종대왕", heard: "세종대왕", at: at))
        case (.action(.hint), _):
            return (try FlowDriver.playing(credits: 1), .hintRequested(using: SeededGenerator(seed: 1)))
        case (.action(.next), .question):
            return (try FlowDriver.flow(in: edge.from), .nextRequested(at: at))
        case (.action(.skip), .question):
            return (try FlowDriver.flow(in: edge.from), .skipRequested(at: at))
        case (.action(.skip), let end), (.action(.next), let end):
            // The last question of a quiz whose end is `end`.
            let format: QuizFormat = end == .finished ? .individual : .stage
            let correct = end == .stageFailed ? 3 : 4
            if edge.trigger == .action(.skip) {
                return (try FlowDriver.atLastQuestion(format: format, correct: correct), .skipRequested(at: at))
            }
            return (try FlowDriver.afterLastAnswer(format: format, correct: correct), .nextRequested(at: at))
        case (.action(.abandon), _):
            return (try FlowDriver.flow(in: edge.from), .abandonRequested(at: at))
        case (.action(.reset), _):
            return (try FlowDriver.flow(in: edge.from), .progressReset(hintCredits: 3))
        case (.action(.resume), let end):
            let format: QuizFormat = end == .finished ? .individual : .stage
            let outcomes = switch end {
            case .question: Fixtures.outcomes(correct: 1, of: 2)
            case .stageFailed: Fixtures.outcomes(correct: 3, of: 5)
            default: Fixtures.outcomes(correct: 4, of: 5)
            }
            return (try FlowDriver.interrupted(answered: outcomes, format: format), .resumeRequested(at: at))
        case (.action, _):
            #expect(edge.from == edge.to, "\(edge.testDescription) needs an event of its own in this suite")
            return (try FlowDriver.flow(in: edge.from), nil)
        }
    }
}
