import BrainyKit
import Foundation
import Testing
@testable import BrainyStore

/// AI mode's questions in the store: checked against the bank by text through the text indexes, saved in one
/// transaction, sampled candidates for a large bank.
@Suite struct GeneratedQuestionStoreTests {
    func generated(_ id: String, en: String, ko: String) -> Question {
        var question = Fixtures.question(id)
        question.en.text = en
        question.ko.text = ko
        return question
    }

    @Test func aGeneratedQuestionRepeatingABankQuestionsTextInEitherLanguageIsFound() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.importPack(Fixtures.pack("1", ids: ["country-0001", "country-0002"]), now: Fixtures.start)
        let candidates = [
            generated("ai-capital-kr", en: "COUNTRY-0001 QUESTION?", ko: "새 질문?"), // English, case aside
            generated("ai-capital-jp", en: "A new question?", ko: "country-0002 질문?"), // Korean
            generated("ai-capital-fr", en: "What is the capital of France?", ko: "프랑스의 수도는 어디일까요?"),
        ]
        #expect(try database.repeatingTheBank(candidates) == ["ai-capital-kr", "ai-capital-jp"])
        // Generated questions already kept are not the bank.
        try database.saveGenerated([candidates[2]], origin: "ai-kb", now: Fixtures.start)
        #expect(try database.repeatingTheBank([generated("ai-other", en: candidates[2].en.text, ko: "다른 질문?")]).isEmpty)
        #expect(try database.questions(ids: ["ai-capital-fr"]) == [candidates[2]])
    }

    @Test func aLargeCategoryIsSampledTheSameWayForTheSameSeed() throws {
        let database = try AppDatabase.inMemory()
        // Five categories interleaved, as a real pack's rows are: a category's rowids come in steps of five.
        let categories: [QuizCategory] = [.country, .music, .person, .drama, .general]
        let questions = (0..<15_000).map { index in
            Fixtures.question(String(format: "q-%05d", index), categories[index % 5], Difficulty.allCases[index / 5 % 3])
        }
        _ = try database.importPack(QuestionPack(id: "core", version: "1", questions: questions), now: Fixtures.start)
        let all = try database.ratedCandidates(category: .country, generated: false, voiceOnly: false, unsolvedBy: nil)
        #expect(all.count == 3_000)
        let sample = CandidateSample(seed: 42, atMost: 300)
        let drawn = try database.ratedCandidates(category: .country, generated: false, voiceOnly: false, unsolvedBy: nil,
                                                 sample: sample)
        #expect((200...450).contains(drawn.count), "\(drawn.count)")
        #expect(try database.ratedCandidates(category: .country, generated: false, voiceOnly: false, unsolvedBy: nil,
                                             sample: sample) == drawn)
        let other = try database.ratedCandidates(category: .country, generated: false, voiceOnly: false, unsolvedBy: nil,
                                                 sample: CandidateSample(seed: 7, atMost: 300))
        #expect(Set(other.keys) != Set(drawn.keys))
        // A category within the bound is read whole.
        #expect(try database.ratedCandidates(category: .country, generated: false, voiceOnly: false, unsolvedBy: nil,
                                             sample: CandidateSample(seed: 42, atMost: 5_000)).count == 3_000)
    }
}
