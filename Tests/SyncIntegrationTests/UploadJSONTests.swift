import BrainyAPI
import BrainyKit
import Foundation
import Testing
@testable import BrainyClient

/// The hand-written upload body is the document Foundation's encoder makes: the server reads back the same batch.
@Suite struct UploadJSONTests {
    @Test func decodesToTheSameBatchAsFoundationsEncoding() throws {
        let at = Date(timeIntervalSince1970: 1_795_327_200.25)
        let request = ResultUploadRequest(
            results: [
                UploadedResult(id: "r-1", quizId: "q\"1\\", questionId: "person-0001", category: .person,
                               type: .multipleChoice, outcome: .correct, timeSpent: 3.75, answeredAt: at, hintUsed: true,
                               answer: "Seoul \"서울\" \\ \u{1}", given: "B", optionOrder: [2, 0, 3, 1]),
                UploadedResult(id: "r-3", quizId: "q1", questionId: "music-0003", category: .music, type: .shortAnswer,
                               outcome: .wrong, timeSpent: 1, answeredAt: at, hintUsed: false, answer: "seoul",
                               given: "  서울 \"x\"", optionOrder: []),
                UploadedResult(id: "r-2\n한글", quizId: "q1", questionId: "music-0002", category: .music,
                               type: .shortAnswer, outcome: .skipped, timeSpent: 12, answeredAt: at, hintUsed: false),
            ],
            quizzes: [
                UploadedQuiz(id: "q1", category: .music, type: .shortAnswer, format: .stage, correctCount: 4,
                             questionCount: 5, startedAt: at, finishedAt: at.addingTimeInterval(60),
                             ticket: "eyJ0.eyJz\"x.sig", stage: 3),
                UploadedQuiz(id: "q2", category: .drama, type: .multipleChoice, format: .individual, correctCount: 0,
                             questionCount: 10, startedAt: at, finishedAt: nil),
            ])
        let fast = try APICoding.decoder().decode(ResultUploadRequest.self, from: UploadJSON.encode(request))
        let slow = try APICoding.decoder().decode(ResultUploadRequest.self, from: APICoding.encoder().encode(request))
        #expect(fast == request)
        #expect(fast == slow)
        #expect(try JSONSerialization.jsonObject(with: UploadJSON.encode(ResultUploadRequest(results: []))) is [String: Any])
    }
}
