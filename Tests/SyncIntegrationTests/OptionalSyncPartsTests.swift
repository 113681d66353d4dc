import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Testing

/// Issue 24: once one account had made the public ratings 67 MB, every shell's `sync` failed ("The server … had a
/// problem", exit 1). The results are what a sync is for; a part that fails after them (ratings, leaderboard, ads,
/// config) is named and skipped, and the sync finishes with exit 0. A busy server (503) keeps everything pending.
@Suite(.serialized) struct OptionalSyncPartsTests {
    @Test func aSyncWhoseRatingsAndLeaderboardFailStillFinishesWithExitZero() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.secondsPerLine = 2
            // The ratings and the leaderboard are asked of an address where nothing answers, through the real client.
            shell.wrap = { brokenParts($0, [.ratings, .leaderboard]) }
            let run = await shell.run(ShellSyncTests.register + ShellScript.playQuiz(count: 4) + ["sync"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("4 results uploaded"), "\(run.output)")
            #expect(run.output.contains("Skipped question ratings: "), "\(run.output)")
            #expect(run.output.contains("Skipped leaderboard: "), "\(run.output)")
            #expect(run.output.contains("Synced"), "\(run.output)")
            #expect(run.output.contains("skipped: question ratings, leaderboard"), "\(run.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 0)

            // Once they answer again, the next sync brings them.
            shell.wrap = { $0 }
            let again = await shell.run(["sync"])
            #expect(again.status == 0, "\(again.output)")
            #expect(again.output.contains("question ratings"), "\(again.output)")
            #expect(again.output.contains("leaderboard fetched"), "\(again.output)")
            #expect(!again.output.contains("Skipped"), "\(again.output)")
        }
    }

    @Test func aBusyServerSaysSoAndKeepsEverythingPending() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            _ = await shell.run(ShellSyncTests.register + ShellScript.playQuiz(count: 3))
            shell.wrap = { brokenParts($0, [.uploadBusy]) }
            let busy = await shell.run(["sync"])
            #expect(busy.status != 0)
            #expect(busy.output.contains("is busy, try again"), "\(busy.output)")
            #expect(busy.output.contains("the other 3 stay on this device"), "\(busy.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 3)
            shell.wrap = { $0 }
            let later = await shell.run(["sync"])
            #expect(later.output.contains("3 results uploaded"), "\(later.output)")
        }
    }
}

/// The real client, with some parts of the server failing: those are asked of an address where nothing listens (a
/// real connection refused), or, for `uploadBusy`, answered as a server whose database is away answers (503).
enum BrokenPart { case ratings, leaderboard, uploadBusy }

func brokenParts(_ inner: any RemoteAPI, _ broken: Set<BrokenPart>) -> any RemoteAPI {
    // Nothing listens on port 9 (discard) here.
    let nowhere = HTTPRemoteAPI(baseURL: "http://127.0.0.1:9", timeout: 2)
    var api = ForwardingRemoteAPI(inner: inner)
    if broken.contains(.ratings) {
        api = api.replacing(API.questionRatings) { _, call throws(RemoteError) in try await nowhere.send(call) }
    }
    if broken.contains(.leaderboard) {
        api = api.replacing(API.dailyLeaderboard) { _, call throws(RemoteError) in try await nowhere.send(call) }
    }
    if broken.contains(.uploadBusy) {
        api = api.replacing(API.uploadResults) { _, _ throws(RemoteError) in
            throw .server(status: 503, code: "database_unavailable",
                          message: "The server's database is not answering right now. Nothing was lost: try again in 5 seconds.")
        }
    }
    return api
}
