import BrainyAPI
import BrainyKit
import BrainyShell
import Foundation
import Testing

/// `leaderboard --refresh` against the real server: fetched again at most once a minute by the shell's clock, the
/// cached board said to be the cached one when the server cannot be reached.
@Suite struct LeaderboardRefreshTests {
    /// Registers on the server: the two password lines, then "y" accepting the terms and privacy policy shown.
    static let register = ["register mina@example.com", "correct horse", "correct horse", "y"]

    @Test func refreshFetchesAgainOnceAMinuteHasPassed() async throws {
        try await LiveServer.run { server in
            let shell = try Self.shell(server.api.baseURL)
            let first = await shell.run(Self.register + ["sync", "leaderboard"])
            #expect(first.status == 0, "\(first.output)")
            #expect(first.output.contains("Daily leaderboard 2026-11-22 (UTC) · fetched 2026-11-22 06:00"), "\(first.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))

            // Within the minute: the cached board, and when it can be fetched again.
            shell.clock.advance(by: 20)
            let early = await shell.run(["leaderboard --refresh"])
            #expect(early.status == 0, "\(early.output)")
            #expect(early.output.contains("fetched 2026-11-22 06:00"), "\(early.output)")
            #expect(early.output.contains("The leaderboard can be fetched once a minute: again at 06:01:00 (in 40 seconds)."),
                    "\(early.output)")
            #expect(try shell.database.cachedLeaderboard(userId: user.id)?.fetchedAt == LiveServer.start)

            // A minute after the last fetch: fetched again, and shown with its new time.
            shell.clock.advance(by: 40)
            let later = await shell.run(["leaderboard --refresh"])
            #expect(later.status == 0, "\(later.output)")
            #expect(later.output.contains("Daily leaderboard 2026-11-22 (UTC) · fetched 2026-11-22 06:01"), "\(later.output)")
            #expect(!later.output.contains("once a minute"), "\(later.output)")
            #expect(try shell.database.cachedLeaderboard(userId: user.id)?.fetchedAt == LiveServer.start.addingTimeInterval(60))

            // And not again within the next minute.
            shell.clock.advance(by: 59)
            let again = await shell.run(["leaderboard --refresh"])
            #expect(again.output.contains("again at 06:02:00 (in 1 second)."), "\(again.output)")
        }
    }

    @Test func offlineTheCachedBoardIsShownAndSaidToBeTheCachedOne() async throws {
        try await LiveServer.run { server in
            let shell = try Self.shell(server.api.baseURL)
            _ = await shell.run(Self.register + ["sync"])
            shell.clock.advance(by: 3600)
            // The board is asked of an address where nothing answers, through the real client.
            shell.wrap = { brokenParts($0, [.leaderboard]) }
            let offline = await shell.run(["leaderboard --refresh"])
            #expect(offline.status == 0, "\(offline.output)")
            #expect(offline.output.contains("Daily leaderboard 2026-11-22 (UTC) · fetched 2026-11-22 06:00"), "\(offline.output)")
            #expect(offline.output.contains("The server could not be reached: this is the board cached at 2026-11-22 06:00."),
                    "\(offline.output)")
        }
    }

    @Test func offlineWithNothingCachedSaysWhatToDo() async throws {
        try await LiveServer.run { server in
            let shell = try Self.shell(server.api.baseURL)
            _ = await shell.run(Self.register)
            shell.wrap = { brokenParts($0, [.leaderboard]) }
            let offline = await shell.run(["leaderboard --refresh"])
            #expect(offline.status != 0, "\(offline.output)")
            #expect(!offline.output.contains("Daily leaderboard"), "\(offline.output)")
        }
    }

    @Test func aWordThatIsNoOptionIsRefusedWithTheOptions() async throws {
        try await LiveServer.run { server in
            let shell = try Self.shell(server.api.baseURL)
            let run = await shell.run(Self.register + ["leaderboard --refrsh"])
            #expect(run.status != 0)
            #expect(run.output.contains("--refresh"), "\(run.output)")
        }
    }

    static func shell(_ server: String) throws -> ShellScript {
        let shell = try ShellScript()
        shell.serverURL = server
        return shell
    }
}
