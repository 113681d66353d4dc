import Foundation
import Testing
@testable import BrainyKit

/// Answering a multiple-choice question by number or by an option's text.
@Suite struct QuizFlowMultipleChoiceTests {
    /// 정조, 태조, 영조, 세종대왕 (King Jeongjo, King Taejo, King Yeongjo, King Sejong): the answer is number 4.
    static func flowAtSejong() throws -> QuizFlow {
        let orders = [[2, 0, 3, 1]] + Array(repeating: Fixtures.identityOrder, count: 4)
        return try FlowDriver.playing(Fixtures.play(type: .multipleChoice, optionOrders: orders))
    }

    static func submit(_ typed: String) throws -> (record: AnswerRecord, feedback: AnswerFeedback) {
        var flow = try flowAtSejong()
        let effects = try flow.handle(.answerSubmitted(typed, at: Fixtures.start + 2))
        return (try #require(effects.persisted?.record), try #require(effects.feedback))
    }

    @Test func theShownOptionsFollowTheDealtOrder() throws {
        let play = try #require(try Self.flowAtSejong().play)
        #expect(play.shownOptions(in: .ko) == ["정조", "태조", "영조", "세종대왕"])
        #expect(play.shownOptions(in: .en) == ["King Jeongjo", "King Taejo", "King Yeongjo", "King Sejong"])
        #expect(play.correctPosition == 3)
    }

    @Test(arguments: ["4", "4번", " 4 "])
    func answeringByTheShownNumberIsGradedOnTheShownOrder(_ typed: String) throws {
        let (record, feedback) = try Self.submit(typed)
        #expect(record.outcome == .correct)
        #expect(record.givenAnswer == "4")
        #expect(feedback.correctNumber == 4)
    }

    @Test func theNumberOfTheAnswerInPackOrderIsWrongOnceShuffled() throws {
        let (record, feedback) = try Self.submit("2")
        #expect(record.outcome == .wrong)
        #expect(record.givenAnswer == "2")
        #expect(feedback.correctNumber == 4)
    }

    /// What is uploaded for the server to grade again: the words, not the number in this quiz's order.
    @Test(arguments: [("4", "King Sejong", true), ("2", "King Taejo", false), ("태조", "King Taejo", false),
                      ("세종", "세종", true)])
    func theAnswerIsKeptInWordsTheServerCanGradeWithoutTheOrder(_ typed: String, words: String, right: Bool) throws {
        let (record, _) = try Self.submit(typed)
        #expect(record.answerText == words)
        let question = try #require(try Self.flowAtSejong().play?.current)
        #expect(AnswerGrader.isCorrect(words, for: question, withOptions: true) == right)
        #expect(record.isCorrect == right)
    }

    @Test(arguments: ["세종대왕", "세종 대왕", "King Sejong", "king sejong"])
    func answeringByTheOptionTextWorksInKoreanAndEnglish(_ typed: String) throws {
        let (record, _) = try Self.submit(typed)
        #expect(record.outcome == .correct)
        #expect(record.givenAnswer == "4", "the answer is recorded as the number shown")
    }

    @Test(arguments: ["태조", "King Taejo"])
    func theTextOfAWrongOptionIsWrong(_ typed: String) throws {
        let (record, _) = try Self.submit(typed)
        #expect(record.outcome == .wrong)
        #expect(record.givenAnswer == "2")
    }

    @Test func anAcceptedAlternativeThatIsNoOptionStillCounts() throws {
        let (record, _) = try Self.submit("세종")
        #expect(record.outcome == .correct)
        #expect(record.givenAnswer == "세종")
    }

    @Test(arguments: [5, 0, 12])
    func aNumberWithNoOptionIsRefusedAndTheQuestionStaysOpen(_ number: Int) throws {
        var flow = try Self.flowAtSejong()
        #expect(throws: BrainyError.optionOutOfRange(number, count: 4)) {
            _ = try flow.handle(.answerSubmitted(String(number), at: Fixtures.start + 2))
        }
        #expect(flow.state == .question)
        #expect(flow.play?.answers.isEmpty == true)
    }

    @Test(arguments: ["", "  "])
    func anEmptyAnswerIsRefused(_ typed: String) throws {
        var flow = try Self.flowAtSejong()
        #expect(throws: BrainyError.emptyAnswer) { _ = try flow.handle(.answerSubmitted(typed, at: Fixtures.start)) }
        #expect(flow.state == .question)
    }

    /// The bundled packs hold about ninety questions whose options are years or counts.
    @Test func typingTheTextOfANumericOptionPicksIt() throws {
        // 1948, 1950, 1953, 1945: the answer is shown fourth.
        let orders = [[1, 2, 3, 0]]
        var flow = try FlowDriver.playing(Fixtures.play([Fixtures.liberation], type: .multipleChoice, optionOrders: orders))
        let effects = try flow.handle(.answerSubmitted("1945", at: Fixtures.start + 2))
        #expect(effects.persisted?.record.outcome == .correct)
    }
}
