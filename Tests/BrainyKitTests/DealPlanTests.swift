import Foundation
import Testing
@testable import BrainyKit

/// How a quiz is dealt, decided from what `start` asked for alone; and the pure parts of each way (the next stage, the
/// fitting quiz tickets, an adaptive quiz) that the shell feeds from its store.
@Suite struct DealPlanTests {
    static func request(_ type: QuizType = .multipleChoice, _ format: QuizFormat = .individual,
                        _ selection: QuestionSelection = .random, count: Int = 10) -> DealRequest {
        DealRequest(userId: "u", type: type, category: .general, format: format, selection: selection, count: count)
    }

    @Test func eachRequestIsDealtItsOwnWay() {
        #expect(DealPlan(Self.request()) == .random(unsolvedOnly: false, mayUseTicket: true))
        #expect(DealPlan(Self.request(.voice, .individual, .unsolved)) == .random(unsolvedOnly: true, mayUseTicket: false))
        #expect(DealPlan(Self.request(.shortAnswer, .stage)) == .nextStage)
        #expect(DealPlan(Self.request(.multipleChoice, .individual, .adaptive, count: 7)) == .adaptive(count: 7, staged: false))
        // AI mode is always the learner model's; a stage of it is a stage's number of questions.
        #expect(DealPlan(Self.request(.ai, .individual, .random, count: 3)) == .adaptive(count: 3, staged: false))
        #expect(DealPlan(Self.request(.ai, .stage, count: 3)) == .adaptive(count: StagePlan.stageSize, staged: true))
    }

    @Test func theNextStageIsItsQuestionsOrWhyThereAreNone() throws {
        let stages = [["a", "b", "c", "d", "e"], ["f", "g", "h", "i", "j"]]
        #expect(try StagePlan.questions(ofStage: 2, in: stages, category: .music) == stages[1])
        #expect(throws: BrainyError.allStagesCleared(.music, stages: 2)) {
            try StagePlan.questions(ofStage: 3, in: stages, category: .music)
        }
        #expect(throws: BrainyError.noQuestions(.music)) { try StagePlan.questions(ofStage: 1, in: [], category: .music) }
    }

    @Test func aQuizFitsTheTicketsOfItsKindAndSizeInTheOrderHeld() {
        func ticket(_ id: String, _ category: QuizCategory, _ type: QuizType, size: Int) -> HeldQuizTicket {
            HeldQuizTicket(id: id, seed: 1, category: category, type: type, questionIds: (0..<size).map { "q\($0)" },
                           issuedAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 1), token: "t")
        }
        let held = [ticket("music", .music, .multipleChoice, size: 10), ticket("voice", .general, .voice, size: 10),
                    ticket("five", .general, .multipleChoice, size: 5), ticket("old", .general, .multipleChoice, size: 10),
                    ticket("new", .general, .multipleChoice, size: 10)]
        let fits = QuizTicketChoice(for: Self.request(count: 10), among: held)
        #expect(fits.fitting.map(\.id) == ["old", "new"])
        #expect(fits.heldSize == 5)
        let none = QuizTicketChoice(for: Self.request(count: 3), among: held)
        #expect(none.fitting.isEmpty && none.heldSize == 5)
        #expect(QuizTicketChoice(for: Self.request(.shortAnswer), among: held).heldSize == nil)
    }

    @Test func anAdaptiveQuizDealsWhatWasMadeFirstThenThePickersChoice() throws {
        let candidates = Dictionary(uniqueKeysWithValues: (1...20).map { ("ai-\($0)", Rating(value: Double($0) / 10)) })
        var generator = SeededGenerator(seed: 5)
        let dealt = try AdaptivePicker.dealQuiz(5, for: .newPlayer, among: candidates, type: .ai, category: .general,
                                                made: ["llm-1", "llm-2"], using: &generator)
        #expect(dealt.count == 5)
        #expect(dealt.prefix(2).map(\.questionId) == ["llm-1", "llm-2"])
        #expect(Set(dealt.map(\.questionId)).count == 5)
        #expect(dealt.allSatisfy { $0.optionOrder.sorted() == [0, 1, 2, 3] })
        var again = SeededGenerator(seed: 5)
        #expect(try AdaptivePicker.dealQuiz(5, for: .newPlayer, among: candidates, type: .ai, category: .general,
                                            made: ["llm-1", "llm-2"], using: &again) == dealt)
        var empty = SeededGenerator(seed: 5)
        #expect(throws: BrainyError.noQuestions(.general)) {
            try AdaptivePicker.dealQuiz(5, for: .newPlayer, among: [:], type: .ai, category: .general, using: &empty)
        }
    }

    @Test func aiModePrefersItsOwnQuestions() {
        #expect(AdaptivePicker.preferred(for: .ai)("ai-person-1") && !AdaptivePicker.preferred(for: .ai)("person-0001"))
        #expect(AdaptivePicker.preferred(for: .multipleChoice)("person-0001"))
    }
}
