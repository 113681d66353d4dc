import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// After `sync`, the device knows each question's difficulty from every player's answers (the server aggregates them),
/// not only from its own.
@Suite(.serialized) struct QuestionRatingsSyncTests {
    @Test func syncBringsEveryPlayersRatingsForTheQuestions() async throws {
        try await LiveServer.run { server in
            // Another player's answers reach the server first.
            let other = try await server.api.call(API.register, RegisterRequest(email: "jun@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            var batch = LiveServer.batch(quizId: "jun-1", count: 4, correct: 0, at: LiveServer.start)
            for index in batch.results.indices { batch.results[index].questionId = "person-000\(index + 1)" }
            _ = try await server.api.call(API.uploadResults, batch, accessToken: other.accessToken)
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let run = await shell.run(ShellSyncTests.register + ShellScript.playQuiz(count: 3) + ["sync"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("question ratings"), "\(run.output)")
            // jun got person-0001…0004 wrong: those are harder for everyone now, whatever their pack label said.
            let ratings = try shell.database.ratedCandidates(category: .person, generated: false, voiceOnly: false,
                                                              unsolvedBy: nil)
            let learnt = (1...4).compactMap { ratings["person-000\($0)"] }.filter { $0.answers >= 1 && $0.value > 0 }
            #expect(learnt.count >= 3, "\(learnt)")
        }
    }
}

/// AI mode's questions travel like the bank's: their answers are uploaded at sync and counted by the server.
@Suite(.serialized) struct AIModeSyncTests {
    @Test func anAIQuizSyncsLikeAnyOther() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let lines = ShellSyncTests.register + ["mode ai", "category country", "start 3"]
                + Array(repeating: ["1", "next"], count: 3).flatMap { $0 } + ["sync"]
            let run = await shell.run(lines)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("3 results uploaded"), "\(run.output)")
            #expect(run.output.contains("the server holds 3 answers and 1 quiz"), "\(run.output)")
        }
    }
}
