import Foundation
import Testing
@testable import BrainyKit

/// Every rule of the transition table that changes state is followed through `QuizFlow.handle`.
@Suite struct TransitionCoverageTests {
    struct Edge: Hashable, Sendable, CustomTestStringConvertible {
        var from: FlowState
        var command: CommandName
        var to: FlowState

        var testDescription: String { "\(from.rawValue) --\(command.rawValue)--> \(to.rawValue)" }
    }

    static let stateChangingEdges: [Edge] = TransitionTable.rules.flatMap { rule in
        rule.to.filter { $0 != rule.from }.map { Edge(from: rule.from, command: rule.command, to: $0) }
    }

    @Test func theTableHasTheEdgesThisSuiteExpects() {
        #expect(Self.stateChangingEdges.count == 75)
        #expect(Set(Self.stateChangingEdges).count == Self.stateChangingEdges.count)
    }

    @Test(arguments: stateChangingEdges)
    func followingTheEdgeThroughHandleLandsInItsTarget(_ edge: Edge) throws {
        let flow = try follow(edge)
        #expect(flow.state == edge.to)
    }

    /// Reaches `edge.from` in a way that makes the command lead to `edge.to`, then sends the command's event.
    private func follow(_ edge: Edge) throws -> QuizFlow {
        let at = Fixtures.start + 1_000
        var flow: QuizFlow
        let event: FlowEvent
        switch (edge.command, edge.to) {
        case (.login, _), (.register, _):
            flow = try FlowDriver.flow(in: edge.from)
            let interrupted = edge.to == .interrupted ? Fixtures.play(answers: Fixtures.answers([.wrong])) : nil
            event = .signedIn(FlowDriver.user, hintCredits: 0, interrupted: interrupted)
        case (.logout, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .signedOut
        case (.sync, _):
            // A sync that learns maintenance is over.
            flow = try FlowDriver.flow(in: edge.from)
            event = .maintenanceChanged(false)
        case (.mode, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .modeChosen(.multipleChoice)
        case (.category, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .categoryChosen(.country)
        case (.format, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .formatChosen(.individual)
        case (.start, _):
            flow = try FlowDriver.flow(in: edge.from)
            let effects = try flow.handle(.startRequested(selection: .random, count: 5))
            #expect(effects.map(\.kind) == ["dealQuiz"])
            event = .quizDealt(Fixtures.play())
        case (.answer, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .answerSubmitted("세종대왕", at: at)
        case (.next, .question):
            flow = try FlowDriver.flow(in: edge.from)
            event = .nextRequested(at: at)
        case (.skip, let end), (.next, let end):
            // The last question of a quiz whose end is `end`.
            let format: QuizFormat = end == .finished ? .individual : .stage
            let correct = end == .stageFailed ? 3 : 4
            if edge.command == .skip {
                flow = try FlowDriver.atLastQuestion(format: format, correct: correct)
                event = .skipRequested(at: at)
            } else {
                flow = try FlowDriver.afterLastAnswer(format: format, correct: correct)
                event = .nextRequested(at: at)
            }
        case (.abandon, _):
            flow = try FlowDriver.flow(in: edge.from)
            event = .abandonRequested(at: at)
        case (.reset, _):
            flow = try FlowDriver.flow(in: edge.from)
            flow.qaEnabled = true
            event = .progressReset(hintCredits: 3)
        case (.resume, let end):
            let format: QuizFormat = end == .finished ? .individual : .stage
            let outcomes = switch end {
            case .question: Fixtures.outcomes(correct: 1, of: 2)
            case .stageFailed: Fixtures.outcomes(correct: 3, of: 5)
            default: Fixtures.outcomes(correct: 4, of: 5)
            }
            flow = try FlowDriver.interrupted(answered: outcomes, format: format)
            event = .resumeRequested(at: at)
        default:
            Issue.record("no way to follow \(edge.testDescription) through handle")
            return try FlowDriver.flow(in: edge.from)
        }
        try #require(flow.state == edge.from, "reached \(flow.state) instead of \(edge.from)")
        _ = try flow.handle(event)
        return flow
    }
}
