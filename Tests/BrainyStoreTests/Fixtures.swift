import BrainyKit
import Foundation

enum Fixtures {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func question(_ id: String, _ category: QuizCategory = .country, _ difficulty: Difficulty = .easy,
                         answer: String = "서울") -> Question {
        Question(
            id: id, category: category, difficulty: difficulty, voice: true,
            ko: .init(text: "\(id) 질문?", answer: answer, alternatives: [], options: [answer, "부산", "대구", "광주"],
                      explanation: "설명"),
            en: .init(text: "\(id) question?", answer: "Seoul", alternatives: [], options: ["Seoul", "Busan", "Daegu", "Gwangju"],
                      explanation: "Because."))
    }

    static func pack(_ version: String, ids: [String], category: QuizCategory = .country) -> QuestionPack {
        QuestionPack(id: "core", version: version, questions: ids.enumerated().map { index, id in
            question(id, category, Difficulty.allCases[index % 3])
        })
    }

    static func quiz(_ id: String, userId: String, questionIds: [String], category: QuizCategory = .country,
                     format: QuizFormat = .individual, stage: Int? = nil, startedAt: Date = start) -> Quiz {
        Quiz(id: id, userId: userId, type: .multipleChoice, category: category, format: format, selection: .random,
             stage: stage, dealt: questionIds.map { DealtQuestion(questionId: $0, optionOrder: [0, 1, 2, 3]) },
             startedAt: startedAt)
    }

    static func answer(_ quiz: Quiz, position: Int, outcome: AnswerOutcome, at date: Date) -> AnswerRecord {
        AnswerRecord(id: "\(quiz.id)-\(position)", quizId: quiz.id, userId: quiz.userId,
                     questionId: quiz.dealt[position].questionId, position: position, givenAnswer: "1", outcome: outcome,
                     hintUsed: false, timeSpent: 2.5, answeredAt: date, category: quiz.category, type: quiz.type)
    }

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
