import Foundation
import Testing
@testable import BrainyKit

/// The per-question time limit.
@Suite struct QuizFlowTimerTests {
    @Test func aRightAnswerAfterTheLimitTimesOutAndCountsAsWrong() throws {
        var flow = try FlowDriver.playing(timer: 10)
        let effects = try flow.handle(.answerSubmitted("세종대왕", at: Fixtures.start + 10.5))

        let (record, progress) = try #require(effects.persisted)
        #expect(record.outcome == .timedOut)
        #expect(record.isCorrect == false)
        #expect(record.timeSpent == 10.5)
        #expect(progress.correctCount == 0)
        #expect(effects.feedback?.timeLimit == 10)
        #expect(flow.state == .answered)
    }

    @Test(arguments: [0.5, 9.9, 10])
    func anAnswerWithinTheLimitIsGradedNormally(seconds: Double) throws {
        var right = try FlowDriver.playing(timer: 10)
        #expect(try right.answerOpenQuestion(correctly: true, after: seconds).persisted?.record.outcome == .correct)

        var wrong = try FlowDriver.playing(timer: 10)
        #expect(try wrong.answerOpenQuestion(correctly: false, after: seconds).persisted?.record.outcome == .wrong)
    }

    @Test func withTheTimerOffAnAnswerNeverTimesOut() throws {
        var flow = try FlowDriver.playing(timer: 0)
        let effects = try flow.answerOpenQuestion(correctly: true, after: 86_400)
        #expect(effects.persisted?.record.outcome == .correct)
        #expect(effects.persisted?.progress.correctCount == 1)
    }

    @Test func theLimitRunsFromWhenEachQuestionIsShown() throws {
        var flow = try FlowDriver.playing(timer: 10)
        try flow.answerOpenQuestion(correctly: true, after: 8)
        _ = try flow.handle(.nextRequested(at: Fixtures.start + 100))

        let effects = try flow.handle(.answerSubmitted("서울", at: Fixtures.start + 108))
        #expect(effects.persisted?.record.outcome == .correct)
        #expect(effects.persisted?.record.timeSpent == 8)
    }

    @Test func aTimerTurnedOnDuringAQuestionAppliesToIt() throws {
        var flow = try FlowDriver.playing(timer: 0)
        _ = try flow.handle(.timerChanged(seconds: 5))
        let effects = try flow.answerOpenQuestion(correctly: true, after: 6)
        #expect(effects.persisted?.record.outcome == .timedOut)
    }

    @Test func aResumedQuestionGetsAFreshLimit() throws {
        var flow = try FlowDriver.interrupted(answered: [.correct])
        _ = try flow.handle(.timerChanged(seconds: 10))
        _ = try flow.handle(.resumeRequested(at: Fixtures.start + 3_600))
        let effects = try flow.handle(.answerSubmitted("서울", at: Fixtures.start + 3_605))
        #expect(effects.persisted?.record.outcome == .correct)
    }
}
