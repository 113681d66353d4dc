import Foundation
import Testing
@testable import BrainyKit

/// A question whose time limit passes closes by itself, on the clock the runner reads (an injected one in tests and
/// transcripts, the wall clock at a terminal): no sleeping, the same outcome however late the runner looks.
@Suite struct QuizFlowTimeRanOutTests {
    @Test func theTimeLeftCountsDownFromWhenTheQuestionWasShown() throws {
        let flow = try FlowDriver.playing(timer: 5)
        #expect(flow.timeLeft(at: Fixtures.start) == 5)
        #expect(flow.timeLeft(at: Fixtures.start + 3.5) == 1.5)
        #expect(flow.timeLeft(at: Fixtures.start + 7) == -2)
        #expect(flow.timeRanOut(at: Fixtures.start + 5) == false)
        #expect(flow.timeRanOut(at: Fixtures.start + 5.01) == true)
    }

    @Test func noTimeLimitRunsWithTheTimerOffOrNoQuestionOpen() throws {
        #expect(try FlowDriver.playing(timer: 0).timeLeft(at: Fixtures.start) == nil)
        #expect(try FlowDriver.ready(timer: 5).timeLeft(at: Fixtures.start) == nil)
        var answered = try FlowDriver.playing(timer: 5)
        try answered.answerOpenQuestion(correctly: true, after: 1)
        #expect(answered.timeLeft(at: Fixtures.start + 60) == nil)
        #expect(answered.timeRanOut(at: Fixtures.start + 60) == false)
    }

    @Test func beforeTheLimitLookingAtTheClockChangesNothing() throws {
        var flow = try FlowDriver.playing(timer: 5)
        let before = flow
        #expect(try flow.handle(.timeChecked(at: Fixtures.start + 5)).isEmpty)
        #expect(flow == before)
        #expect(flow.state == .question)
    }

    @Test func pastTheLimitTheQuestionClosesAsTimedOutAtItsLimit() throws {
        var flow = try FlowDriver.playing(timer: 5)
        // The runner looked late (the clock moved a minute at once): the record is the one at the limit.
        let effects = try flow.handle(.timeChecked(at: Fixtures.start + 60))

        #expect(effects.map(\.kind) == ["persistAnswer", "showFeedback"])
        let (record, progress) = try #require(effects.persisted)
        #expect(record.outcome == .timedOut)
        #expect(record.givenAnswer == "")
        #expect(record.timeSpent == 5)
        #expect(record.answeredAt == Fixtures.start + 5)
        #expect(record.position == 0)
        #expect(progress.answeredCount == 1)
        #expect(progress.correctCount == 0)
        #expect(progress.duration == 5)
        let feedback = try #require(effects.feedback)
        #expect(feedback.closedByTimer)
        #expect(feedback.timeLimit == 5)
        #expect(feedback.question == Fixtures.five[0])
        #expect(flow.state == .answered)
        #expect(flow.lastTransition == FlowTransition(from: .question, trigger: .timeRanOut, to: .answered))
    }

    @Test func aClosedQuestionTakesNoAnswerAndTheQuizGoesOn() throws {
        var flow = try FlowDriver.playing(timer: 5)
        _ = try flow.handle(.timeChecked(at: Fixtures.start + 6))
        #expect(throws: BrainyError.self) { try flow.handle(.answerSubmitted("세종대왕", at: Fixtures.start + 7)) }
        // Looking again does not close it twice.
        #expect(try flow.handle(.timeChecked(at: Fixtures.start + 8)).isEmpty)
        #expect(flow.play?.answers.count == 1)

        _ = try flow.handle(.nextRequested(at: Fixtures.start + 10))
        #expect(flow.state == .question)
        #expect(flow.timeLeft(at: Fixtures.start + 10) == 5)
    }

    @Test func inMultipleChoiceTheFeedbackNamesTheRightOptionAsShown() throws {
        let play = Fixtures.play(type: .multipleChoice, optionOrders: Fixtures.five.map { _ in [3, 2, 1, 0] })
        var flow = try FlowDriver.playing(play, timer: 10)
        let effects = try flow.handle(.timeChecked(at: Fixtures.start + 11))
        let feedback = try #require(effects.feedback)
        let shown = play.correctPosition
        #expect(feedback.correctNumber == shown + 1)
        #expect(feedback.correctLabel == play.optionLabels[shown])
    }

    @Test func aRewardedAdStopsTheClockAndGivesItsTimeBack() throws {
        var flow = try FlowDriver.playing(timer: 5)
        _ = try flow.handle(.adWatchStarted(at: Fixtures.start + 2))
        // No question is open while the ad runs: nothing times out.
        #expect(try flow.handle(.timeChecked(at: Fixtures.start + 30)).isEmpty)
        _ = try flow.handle(.adWatchEnded(via: .action(.ad), rewardHints: 0, at: Fixtures.start + 32))
        #expect(flow.state == .question)
        #expect(flow.timeLeft(at: Fixtures.start + 32) == 3)
        #expect(try flow.handle(.timeChecked(at: Fixtures.start + 35)).isEmpty)
        #expect(try flow.handle(.timeChecked(at: Fixtures.start + 35.5)).map(\.kind) == ["persistAnswer", "showFeedback"])
    }

    @Test func theLastQuestionClosedByTheTimerEndsTheQuizOnNext() throws {
        var flow = try FlowDriver.atLastQuestion(correct: 4)
        _ = try flow.handle(.timerChanged(seconds: 5))
        let shown = try #require(flow.play?.questionShownAt)
        _ = try flow.handle(.timeChecked(at: shown + 9))
        let effects = try flow.handle(.nextRequested(at: shown + 10))
        #expect(effects.finished?.quiz.correctCount == 4)
        #expect(effects.finished?.quiz.answeredCount == 5)
        #expect(flow.state == .finished)
    }

    @Test func skippingShowsTheRightAnswerAndItsExplanation() throws {
        let play = Fixtures.play(type: .multipleChoice)
        var flow = try FlowDriver.playing(play)
        let effects = try flow.handle(.skipRequested(at: Fixtures.start + 2))
        let feedback = try #require(effects.feedback)
        #expect(feedback.record.outcome == .skipped)
        #expect(feedback.question == play.questions[0])
        #expect(feedback.correctLabel == play.optionLabels[play.correctPosition])
        #expect(!feedback.question.ko.explanation.isEmpty || !feedback.question.en.explanation.isEmpty)
    }
}
