import BrainyAPI
import BrainyKit
import BrainyStore
import Foundation
import Testing

/// Stage progress between devices of one account, against the real server on loopback: a new device continues each
/// category's stages where the player was.
@Suite struct StageProgressSyncTests {
    /// The lines that play stage `number` of music in short answers, each answered right (stages are dealt in order).
    static func clearStage(_ number: Int, on device: ShellScript) throws -> [String] {
        let stages = StagePlan.stages(of: try device.database.stageCandidates(category: .music))
        let ids = stages[number - 1]
        let questions = Dictionary(uniqueKeysWithValues: try device.database.questions(ids: ids).map { ($0.id, $0) })
        return ["mode short", "category music", "format stage", "start"]
            + ids.flatMap { id in ["answer \(questions[id]?.en.answer ?? "?")", "next"] }
    }

    /// A device of a new account that has played stages 1 and 2 of music and synced them.
    static func playTwoStages(_ server: LiveServer.Context, seed: UInt64) async throws -> ShellScript {
        let one = try TwoDeviceSyncTests.device(server, seed: seed)
        let played = await one.run(TwoDeviceSyncTests.register + (try clearStage(1, on: one))
                                   + (try clearStage(2, on: one)))
        #expect(played.status == 0, "\(played.output)")
        #expect(played.output.contains("Stage 2 cleared!"), "\(played.output)")
        server.clock.advance(by: 3600)
        let synced = await one.run(["sync"])
        #expect(synced.status == 0, "\(synced.output)")
        return one
    }

    @Test func aNewDeviceContinuesTheStagesWhereThePlayerWas() async throws {
        try await LiveServer.run { server in
            let one = try await Self.playTwoStages(server, seed: 91)

            let fresh = try TwoDeviceSyncTests.device(server, seed: 92)
            let restored = await fresh.run(TwoDeviceSyncTests.login
                                           + ["sync", "mode short", "category music", "format stage"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("stage progress in 1 category restored"), "\(restored.output)")
            #expect(restored.output.contains("play stage 3"), "\(restored.output)")
            let user = try #require(try fresh.database.user(email: "mina@example.com"))
            #expect(try fresh.database.stagesReached(userId: user.id).map(\.highestCleared) == [2])
            // Nothing further comes back to the device that played.
            let again = await one.run(["sync"])
            #expect(!again.output.contains("stage progress in"), "\(again.output)")
        }
    }
}
