import BrainyAPI
import BrainyKit
import BrainyStore
import Foundation
import GRDB
import Testing

/// A stage quiz restored on another device has the number it had on the device that played it (issue 26): the number
/// travels with the quiz, so the restoring device's pack does not decide it. Only for a quiz the server holds without
/// one (an older server's, or uploaded by an older device) does the device guess it from its pack. Against the real
/// server on loopback.
@Suite struct StageNumberRestoreTests {
    /// Each quiz's stage number as `history` lists them, newest first.
    static func stages(_ device: ShellScript, userId: String) throws -> [Int?] {
        try device.database.history(userId: userId, filter: HistoryFilter(limit: .max)).quizzes.map(\.stage)
    }

    @Test func aNewDeviceWhosePackWouldGuessOtherwiseKeepsThePlayersNumbers() async throws {
        try await LiveServer.run { server in
            let one = try await StageProgressSyncTests.playTwoStages(server, seed: 121)
            let user = try #require(try one.database.user(email: "mina@example.com"))
            #expect(try Self.stages(one, userId: user.id) == [2, 1])

            // The new device's pack no longer holds stage 1's questions (a pack update removed them): its plan has
            // no stage for the first quiz, and calls stage 2's questions stage 1.
            let fresh = try TwoDeviceSyncTests.device(server, seed: 122)
            let plan = StagePlan.stages(of: try fresh.database.stageCandidates(category: .music))
            let removed = plan[0]
            let queue = try DatabaseQueue(path: fresh.path)
            try await queue.write { db in
                for id in removed {
                    try db.execute(sql: "UPDATE question SET removedAt = ? WHERE id = ?",
                                   arguments: [LiveServer.start, id])
                }
            }
            let shifted = StagePlan.stages(of: try fresh.database.stageCandidates(category: .music))
            #expect(!shifted.contains { !Set($0).isDisjoint(with: removed) })
            #expect(shifted.first == plan[1])

            let restored = await fresh.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("2 quizzes"), "\(restored.output)")
            let kept = try Self.stages(fresh, userId: user.id)
            #expect(kept == [2, 1])
        }
    }

    @Test func aPageWithoutNumbersIsGuessedFromThePack() async throws {
        try await LiveServer.run { server in
            let one = try await StageProgressSyncTests.playTwoStages(server, seed: 121)
            let user = try #require(try one.database.user(email: "mina@example.com"))
            let fresh = try TwoDeviceSyncTests.device(server, seed: 123)
            fresh.wrap = { sendsNoStageNumbers($0) }
            let restored = await fresh.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(try Self.stages(fresh, userId: user.id) == [2, 1])
        }
    }
}

/// The real client, its changes pages stripped of the stage numbers, as an older server sends them.
func sendsNoStageNumbers(_ inner: any RemoteAPI) -> any RemoteAPI {
    ForwardingRemoteAPI(inner: inner).replacing(API.syncChanges) { inner, call throws(RemoteError) in
        var page = try await inner.send(call).value()
        for index in page.quizzes.indices { page.quizzes[index].stage = nil }
        return .fetched(page, etag: nil)
    }
}
