import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// A pack whose question cannot be played is refused whole, naming the question and the rule it breaks (the shell
/// words the rule in Korean and English; no English text travels in the error).
@Suite struct PackValidatorTests {
    private static func question(ko: [String], en: [String]) -> Question {
        Question(id: "q-broken", category: .country, difficulty: .easy,
                 ko: .init(text: "수도는?", answer: "서울", options: ko, explanation: "설명"),
                 en: .init(text: "Capital?", answer: "Seoul", options: en, explanation: "Why"))
    }

    static let cases: [(Question, PackQuestionProblem)] = [
        (question(ko: ["서울", "부산", "대구"], en: ["Seoul", "Busan", "Daegu", "Incheon"]),
         .notFourDistinctOptionsWithTheAnswer),
        (question(ko: ["서울", "부산", "부산", "인천"], en: ["Seoul", "Busan", "Daegu", "Incheon"]),
         .notFourDistinctOptionsWithTheAnswer),
        (question(ko: ["광주", "부산", "대구", "인천"], en: ["Seoul", "Busan", "Daegu", "Incheon"]),
         .notFourDistinctOptionsWithTheAnswer),
        (question(ko: ["서울", "부산", "대구", "인천"], en: ["Busan", "Seoul", "Daegu", "Incheon"]),
         .answerAtDifferentPlaces),
    ]

    @Test(arguments: cases)
    func aBrokenQuestionRefusesThePackNamingItAndItsRule(_ question: Question, _ problem: PackQuestionProblem) throws {
        let database = try AppDatabase(DatabaseQueue())
        let pack = QuestionPack(id: "core", version: "2", questions: [question])
        #expect(throws: StoreError.invalidPack(questionId: "q-broken", problem)) {
            try database.importPack(pack, now: Date(timeIntervalSince1970: 1_800_000_000))
        }
    }
}
