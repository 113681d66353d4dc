import Foundation
import Testing
@testable import BrainyKit

/// Signing in and out, choosing what to play, starting, and maintenance.
@Suite struct QuizFlowTests {
    @Test func aNewFlowIsSignedOut() {
        let flow = QuizFlow()
        #expect(flow.state == .signedOut)
        #expect(flow.user == nil)
        #expect(flow.play == nil)
    }

    @Test func signingInWithoutAnInterruptedQuizGoesHome() throws {
        var flow = QuizFlow()
        let effects = try flow.handle(.signedIn(FlowDriver.user, hintCredits: 2, interrupted: nil))

        #expect(effects.isEmpty)
        #expect(flow.state == .home)
        #expect(flow.user == FlowDriver.user)
        #expect(flow.hintCredits == 2)
        #expect(flow.setup == nil)
    }

    @Test func signingInWithAnInterruptedQuizOffersToResumeIt() throws {
        let play = Fixtures.play(type: .multipleChoice, format: .stage, answers: Fixtures.answers([.correct]))
        var flow = QuizFlow()
        _ = try flow.handle(.signedIn(FlowDriver.user, hintCredits: 0, interrupted: play))

        #expect(flow.state == .interrupted)
        #expect(flow.play == play)
        #expect(flow.setup == QuizSetup(type: .multipleChoice, category: .general, format: .stage))
    }

    @Test func choosingAModeAsksForACategory() throws {
        var flow = try FlowDriver.signedIn()
        let effects = try flow.handle(.modeChosen(.multipleChoice))

        #expect(effects.isEmpty)
        #expect(flow.state == .choosingCategory)
        #expect(flow.setup == QuizSetup(type: .multipleChoice, category: nil, format: .individual))
    }

    @Test func choosingAModeAgainWhileChoosingACategoryReplacesIt() throws {
        var flow = try FlowDriver.choosingCategory(type: .shortAnswer)
        _ = try flow.handle(.modeChosen(.multipleChoice))
        #expect(flow.state == .choosingCategory)
        #expect(flow.setup?.type == .multipleChoice)
    }

    @Test func choosingACategoryMakesTheQuizReady() throws {
        var flow = try FlowDriver.choosingCategory()
        let effects = try flow.handle(.categoryChosen(.music))

        #expect(effects.isEmpty)
        #expect(flow.state == .ready)
        #expect(flow.setup?.category == .music)
    }

    @Test func choosingAFormatKeepsTheQuizReady() throws {
        var flow = try FlowDriver.ready(format: .individual)
        _ = try flow.handle(.formatChosen(.stage))

        #expect(flow.state == .ready)
        #expect(flow.setup == QuizSetup(type: .shortAnswer, category: .general, format: .stage))
    }

    @Test func choosingAModeAfterAQuizAsksForTheCategoryAgainAndKeepsTheFormat() throws {
        var flow = try FlowDriver.finished(format: .stage, correct: 4)
        _ = try flow.handle(.modeChosen(.multipleChoice))

        #expect(flow.state == .choosingCategory)
        #expect(flow.setup == QuizSetup(type: .multipleChoice, category: nil, format: .stage))
        #expect(flow.play == nil)
    }

    @Test func choosingACategoryAfterAQuizGetsReadyForAnother() throws {
        var flow = try FlowDriver.finished(correct: 5)
        _ = try flow.handle(.categoryChosen(.drama))

        #expect(flow.state == .ready)
        #expect(flow.setup?.category == .drama)
        #expect(flow.play == nil)
    }

    @Test func startingAsksTheRunnerToDealTheQuiz() throws {
        var flow = try FlowDriver.ready(type: .multipleChoice, format: .stage)
        let effects = try flow.handle(.startRequested(selection: .unsolved, count: 5))

        #expect(effects == [.dealQuiz(DealRequest(userId: "user-1", type: .multipleChoice, category: .general,
                                                  format: .stage, selection: .unsolved, count: 5))])
        #expect(flow.state == .ready, "the state moves only once the quiz is dealt")
    }

    @Test func aDealtQuizShowsItsFirstQuestion() throws {
        var flow = try FlowDriver.ready()
        let play = Fixtures.play()
        _ = try flow.handle(.startRequested(selection: .random, count: 5))
        let effects = try flow.handle(.quizDealt(play))

        #expect(effects == [.showQuestion])
        #expect(flow.state == .question)
        #expect(flow.play?.index == 0)
        #expect(flow.play?.current == Fixtures.sejong)
    }

    @Test func signingOutForgetsTheUserAndTheQuizButKeepsTheTimer() throws {
        var flow = try FlowDriver.playing(credits: 3, timer: 20)
        let effects = try flow.handle(.signedOut)

        #expect(effects.isEmpty)
        #expect(flow.state == .signedOut)
        #expect(flow.user == nil)
        #expect(flow.play == nil)
        #expect(flow.setup == nil)
        #expect(flow.hintCredits == 0)
        #expect(flow.timerSeconds == 20)
    }

    @Test func maintenanceSuspendsTheFlowAndGivesItBackAfterwards() throws {
        var flow = try FlowDriver.playing()
        _ = try flow.handle(.maintenanceChanged(true))
        #expect(flow.state == .maintenance)

        _ = try flow.handle(.maintenanceChanged(false))
        #expect(flow.state == .question)
        #expect(flow.play?.index == 0)
    }

    @Test func maintenanceBeforeSigningInEndsSignedOut() throws {
        var flow = try FlowDriver.maintenance()
        _ = try flow.handle(.maintenanceChanged(false))
        #expect(flow.state == .signedOut)
    }

    @Test func maintenanceAnnouncedTwiceStillReturnsToTheStateBeforeIt() throws {
        var flow = try FlowDriver.signedIn()
        _ = try flow.handle(.maintenanceChanged(true))
        _ = try flow.handle(.maintenanceChanged(true))
        _ = try flow.handle(.maintenanceChanged(false))
        #expect(flow.state == .home)
    }

    @Test func maintenanceEndingWhenNoneWasOnChangesNothing() throws {
        var flow = try FlowDriver.ready()
        let before = flow
        _ = try flow.handle(.maintenanceChanged(false))
        #expect(flow == before)
    }

    @Test func changingTheTimerSetsTheLimitInAnyState() throws {
        var flow = try FlowDriver.playing()
        _ = try flow.handle(.timerChanged(seconds: 15))
        #expect(flow.timerSeconds == 15)
        #expect(flow.state == .question)
    }
}
