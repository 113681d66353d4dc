import Foundation
import Testing
@testable import BrainyKit

/// What an answer may be (issue 13, item 10): not past a kilobyte, no control characters. Each refusal leaves the
/// question open and writes nothing.
@Suite struct QuizFlowAnswerLimitTests {

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
