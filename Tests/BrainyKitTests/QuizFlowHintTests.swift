import Foundation
import Testing
@testable import BrainyKit

/// Hints: what they show, what they cost, and how they are earned.
@Suite struct QuizFlowHintTests {
    /// 정조, 태조, 영조, 세종대왕: the answer is shown fourth.
    static let multipleChoice = Fixtures.play(
        type: .multipleChoice, optionOrders: [[2, 0, 3, 1]] + Array(repeating: Fixtures.identityOrder, count: 4))

    @Test func aMultipleChoiceHintRemovesTwoWrongOptionsNeverTheCorrectOne() throws {
        var removals: Set<[Int]> = []
        for seed in UInt64(0)..<40 {
            var flow = try FlowDriver.playing(Self.multipleChoice, credits: 1)
            #expect(flow.play?.correctPosition == 3)
            let effects = try flow.handle(.hintRequested(using: SeededGenerator(seed: seed)))

            #expect(effects.map(\.kind) == ["recordHint", "showHint"])
            guard case let .removedOptions(removed)? = effects.hint else {
                Issue.record("expected removed options, got \(String(describing: effects.hint))")
                continue
            }
            #expect(removed.count == 2)
            #expect(Set(removed).count == 2)
            #expect(!removed.contains(3))
            #expect(removed.allSatisfy { (0..<4).contains($0) })
            #expect(flow.play?.removedPositions == removed)
            #expect(flow.hintCredits == 0)
            removals.insert(removed)
        }
        #expect(removals == [[0, 1], [0, 2], [1, 2]], "the generator decides which two go")
    }

    @Test func theSameSeedRemovesTheSameOptions() throws {
        var first = try FlowDriver.playing(Self.multipleChoice, credits: 1)
        var second = first
        let a = try first.handle(.hintRequested(using: SeededGenerator(seed: 7)))
        let b = try second.handle(.hintRequested(using: SeededGenerator(seed: 7)))
        #expect(a == b)
    }

    @Test func aShortAnswerHintGivesTheInitialConsonantsAndFirstLetters() throws {
        var flow = try FlowDriver.playing(credits: 1)
        let effects = try flow.handle(.hintRequested(using: SeededGenerator(seed: 1)))

        #expect(effects.map(\.kind) == ["recordHint", "showHint"])
        #expect(effects.last == .showHint(.text(Localized(ko: "ㅅㅈㄷㅇ", en: "K___ S_____"))))
        #expect(flow.state == .question)
        #expect(flow.hintCredits == 0)
    }

    @Test func aHintWithoutCreditsIsRefused() throws {
        var flow = try FlowDriver.playing(credits: 0)
        #expect(throws: BrainyError.noHintCredits) {
            _ = try flow.handle(.hintRequested(using: SeededGenerator(seed: 1)))
        }
        #expect(flow.state == .question)
        #expect(flow.play?.hintUsedOnCurrent == false)
    }

    @Test func aSecondHintOnTheSameQuestionIsRefusedAndNotCharged() throws {
        var flow = try FlowDriver.playing(credits: 2)
        _ = try flow.handle(.hintRequested(using: SeededGenerator(seed: 1)))
        #expect(throws: BrainyError.hintAlreadyUsed) {
            _ = try flow.handle(.hintRequested(using: SeededGenerator(seed: 2)))
        }
        #expect(flow.hintCredits == 1)
    }

    @Test func theAnswerRecordsTheHintAndTheNextQuestionMayHaveItsOwn() throws {
        var flow = try FlowDriver.playing(credits: 2)
        _ = try flow.handle(.hintRequested(using: SeededGenerator(seed: 1)))
        let answered = try flow.answerOpenQuestion(correctly: true)
        #expect(answered.persisted?.record.hintUsed == true)

        try flow.goToNext()
        #expect(flow.play?.hintUsedOnCurrent == false)
        let effects = try flow.handle(.hintRequested(using: SeededGenerator(seed: 1)))
        #expect(effects.hint == .text(Localized(ko: "ㅅㅇ", en: "S____")))
        #expect(flow.hintCredits == 0)
    }

    @Test(arguments: [(5, true), (4, true), (3, false), (0, false)])
    func finishingWithEightyPercentOrMoreEarnsAHint(correct: Int, earned: Bool) throws {
        var flow = try FlowDriver.afterLastAnswer(correct: correct, credits: 1)
        let effects = try flow.goToNext()

        #expect(effects.finished?.earnedHint == earned)
        #expect(flow.hintCredits == (earned ? 2 : 1))
        #expect(effects.last == .showAd)
        guard case let .showSummary(summary)? = effects.dropLast().last else {
            Issue.record("expected a summary, then the ad")
            return
        }
        #expect(summary.hintEarned == earned)
    }
}
