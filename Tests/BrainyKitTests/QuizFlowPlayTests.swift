import Foundation
import Testing
@testable import BrainyKit

/// Answering, moving on, finishing, skipping, abandoning and resuming.
@Suite struct QuizFlowPlayTests {
    @Test func answeringRightPersistsTheAnswerBeforeShowingFeedback() throws {
        var flow = try FlowDriver.playing()
        let effects = try flow.handle(.answerSubmitted(" 세종대왕 ", at: Fixtures.start + 3))

        #expect(flow.state == .answered)
        #expect(effects.map(\.kind) == ["persistAnswer", "showFeedback"])
        let (record, progress) = try #require(effects.persisted)
        #expect(record.quizId == "quiz-1")
        #expect(record.userId == "user-1")
        #expect(record.questionId == Fixtures.sejong.id)
        #expect(record.position == 0)
        #expect(record.givenAnswer == "세종대왕")
        #expect(record.outcome == .correct)
        #expect(record.hintUsed == false)
        #expect(record.timeSpent == 3)
        #expect(record.answeredAt == Fixtures.start + 3)
        #expect(progress.answeredCount == 1)
        #expect(progress.correctCount == 1)
        #expect(progress.duration == 3)
        #expect(progress.status == .inProgress)
        let feedback = try #require(effects.feedback)
        #expect(feedback.record == record)
        #expect(feedback.question == Fixtures.sejong)
        #expect(feedback.correctNumber == nil)
    }

    @Test func aWrongAnswerIsRecordedButNotCounted() throws {
        var flow = try FlowDriver.playing()
        let effects = try flow.handle(.answerSubmitted("태조", at: Fixtures.start + 3))

        let (record, progress) = try #require(effects.persisted)
        #expect(record.outcome == .wrong)
        #expect(record.givenAnswer == "태조")
        #expect(progress.answeredCount == 1)
        #expect(progress.correctCount == 0)
        #expect(flow.state == .answered)
    }

    @Test(arguments: ["King Sejong", "세종", "sejong the great"])
    func aShortAnswerCountsInEitherLanguageAndForAlternatives(_ typed: String) throws {
        var flow = try FlowDriver.playing()
        let effects = try flow.handle(.answerSubmitted(typed, at: Fixtures.start + 3))
        #expect(effects.persisted?.record.outcome == .correct)
    }

    @Test(arguments: ["", "   "])
    func anEmptyAnswerIsRefusedAndTheQuestionStaysOpen(_ typed: String) throws {
        var flow = try FlowDriver.playing()
        #expect(throws: BrainyError.emptyAnswer) { _ = try flow.handle(.answerSubmitted(typed, at: Fixtures.start)) }
        #expect(flow.state == .question)
        #expect(flow.play?.answers.isEmpty == true)
    }

    @Test func nextOpensTheFollowingQuestionAndRestartsItsClock() throws {
        var flow = try FlowDriver.playing()
        try flow.answerOpenQuestion(correctly: true)
        let effects = try flow.handle(.nextRequested(at: Fixtures.start + 10))

        #expect(effects == [.showQuestion])
        #expect(flow.state == .question)
        #expect(flow.play?.index == 1)
        #expect(flow.play?.current == Fixtures.seoul)
        #expect(flow.play?.questionShownAt == Fixtures.start + 10)
    }

    @Test func answeringTheLastQuestionFinishesTheQuiz() throws {
        var flow = try FlowDriver.afterLastAnswer(correct: 3)
        #expect(flow.state == .answered)
        let effects = try flow.goToNext()

        #expect(flow.state == .finished)
        #expect(effects.map(\.kind) == ["finishQuiz", "showSummary", "showAd"])
        let finished = try #require(effects.finished)
        #expect(finished.quiz.status == .finished)
        #expect(finished.quiz.correctCount == 3)
        #expect(finished.quiz.answeredCount == 5)
        #expect(finished.quiz.finishedAt == flow.play?.answers.last?.answeredAt)
        #expect(finished.stagePassed == nil)
        #expect(finished.earnedHint == false)
        #expect(effects.suffix(2) == [.showSummary(QuizSummary(quiz: finished.quiz, stagePassed: nil, hintEarned: false)), .showAd])
    }

    @Test func skippingRecordsASkipAndOpensTheNextQuestion() throws {
        var flow = try FlowDriver.playing()
        let effects = try flow.handle(.skipRequested(at: Fixtures.start + 2))

        #expect(effects.map(\.kind) == ["persistAnswer", "showFeedback", "showQuestion"])
        let (record, progress) = try #require(effects.persisted)
        #expect(record.outcome == .skipped)
        // The skipped question's answer is shown before the next question.
        #expect(effects.feedback?.question == Fixtures.five[0])
        #expect(effects.feedback?.record == record)
        #expect(record.givenAnswer == "")
        #expect(record.position == 0)
        #expect(progress.answeredCount == 1)
        #expect(progress.correctCount == 0)
        #expect(flow.state == .question)
        #expect(flow.play?.index == 1)
        #expect(flow.play?.questionShownAt == Fixtures.start + 2)
    }

    @Test func skippingTheLastQuestionFinishesTheQuiz() throws {
        var flow = try FlowDriver.atLastQuestion(correct: 2)
        let at = try #require(flow.play?.questionShownAt) + 5
        let effects = try flow.handle(.skipRequested(at: at))

        #expect(effects.map(\.kind) == ["persistAnswer", "showFeedback", "finishQuiz", "showSummary", "showAd"])
        #expect(effects.finished?.quiz.correctCount == 2)
        #expect(effects.finished?.quiz.finishedAt == at)
        #expect(flow.state == .finished)
    }

    @Test(arguments: [
        (5, FlowState.stageCleared, true),
        (4, .stageCleared, true),
        (3, .stageFailed, false),
        (0, .stageFailed, false),
    ])
    func aStageIsClearedWithFourOrMoreOfFive(correct: Int, ending: FlowState, passed: Bool) throws {
        var flow = try FlowDriver.afterLastAnswer(format: .stage, correct: correct)
        let effects = try flow.goToNext()

        #expect(flow.state == ending)
        #expect(effects.map(\.kind) == ["finishQuiz", "showSummary", "showAd"])
        #expect(effects.finished?.stagePassed == passed)
        #expect(effects.finished?.quiz.correctCount == correct)
    }

    @Test(arguments: [FlowState.question, .answered, .interrupted])
    func abandoningMarksTheQuizAbandonedAndGoesBackToReady(_ from: FlowState) throws {
        var flow = try FlowDriver.flow(in: from)
        let effects = try flow.handle(.abandonRequested(at: Fixtures.start + 60))

        #expect(flow.state == .ready)
        #expect(flow.play == nil)
        #expect(flow.setup?.category == .general, "the same quiz can be started again")
        #expect(effects.map(\.kind) == ["markAbandoned", "showAbandoned"])
        guard case let .markAbandoned(quiz) = effects.first else { return }
        #expect(quiz.id == "quiz-1")
        #expect(quiz.status == .abandoned)
        #expect(effects.last == .showAbandoned(quiz))
    }

    @Test func resumingOpensTheFirstUnansweredQuestionWithTheScoreKept() throws {
        var flow = try FlowDriver.interrupted(answered: [.correct, .wrong, .correct])
        let effects = try flow.handle(.resumeRequested(at: Fixtures.start + 3_600))

        #expect(effects == [.showQuestion])
        #expect(flow.state == .question)
        let play = try #require(flow.play)
        #expect(play.index == 3)
        #expect(play.current == Fixtures.beethoven)
        #expect(play.quiz.correctCount == 2)
        #expect(play.quiz.answeredCount == 3)
        #expect(play.questionShownAt == Fixtures.start + 3_600)

        let answered = try flow.answerOpenQuestion(correctly: true)
        #expect(answered.persisted?.record.position == 3)
        #expect(answered.persisted?.progress.correctCount == 3)
        #expect(answered.persisted?.progress.answeredCount == 4)
    }

    @Test func resumingAQuizWhoseAnswersAreAllInFinishesIt() throws {
        var flow = try FlowDriver.interrupted(answered: Fixtures.outcomes(correct: 3, of: 5))
        let effects = try flow.handle(.resumeRequested(at: Fixtures.start + 3_600))

        #expect(flow.state == .finished)
        #expect(effects.map(\.kind) == ["finishQuiz", "showSummary", "showAd"])
        #expect(effects.finished?.quiz.correctCount == 3)
        #expect(effects.finished?.quiz.status == .finished)
    }

    @Test func resumingAStageWhoseAnswersAreAllInDecidesTheStage() throws {
        var flow = try FlowDriver.interrupted(answered: Fixtures.outcomes(correct: 4, of: 5), format: .stage)
        let effects = try flow.handle(.resumeRequested(at: Fixtures.start + 3_600))

        #expect(flow.state == .stageCleared)
        #expect(effects.finished?.stagePassed == true)
    }
}
