import Foundation
import Testing
@testable import BrainyKit

/// What an answer may be (issue 13, item 10): not an option a hint removed, not past a kilobyte, no control
/// characters. Each refusal leaves the question open and writes nothing.
@Suite struct QuizFlowAnswerLimitTests {
    @Test func anOptionTheHintRemovedIsRefusedNamingTheOptionsLeft() throws {
        var flow = try FlowDriver.playing(QuizFlowHintTests.multipleChoice, credits: 1)
        _ = try flow.handle(.hintRequested(using: SeededGenerator(seed: 7)))
        let removed = try #require(flow.play?.removedPositions)
        let labels = try #require(flow.play?.optionLabels)
        let left = labels.indices.filter { !removed.contains($0) }.map { labels[$0] }
        for position in removed {
            #expect(throws: BrainyError.optionRemoved(labels[position], remaining: left)) {
                _ = try flow.handle(.answerSubmitted(labels[position], at: Fixtures.start))
            }
        }
        #expect(flow.state == .question)
        #expect(flow.play?.answers.isEmpty == true)
        let effects = try flow.handle(.answerSubmitted(left[0], at: Fixtures.start))
        #expect(effects.map(\.kind).first == "persistAnswer")
    }

    @Test func anAnswerPastAKilobyteIsRefused() throws {
        var flow = try FlowDriver.playing()
        let long = String(repeating: "가", count: QuizFlow.answerLimit)
        #expect(throws: BrainyError.answerTooLong(limit: QuizFlow.answerLimit)) {
            _ = try flow.handle(.answerSubmitted(long, at: Fixtures.start))
        }
        #expect(flow.state == .question)
    }

    @Test(arguments: ["서울\u{0}부산", "\u{1B}[2J서울", "서울\u{7F}", "\u{9B}31m서울"])
    func anAnswerWithAControlCharacterIsRefusedNotCutShort(_ typed: String) throws {
        var flow = try FlowDriver.playing()
        #expect(throws: BrainyError.answerHasControlCharacters) {
            _ = try flow.handle(.answerSubmitted(typed, at: Fixtures.start))
        }
        #expect(flow.state == .question)
    }
}
