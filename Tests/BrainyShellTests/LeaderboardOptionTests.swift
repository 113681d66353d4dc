import BrainyKit
import BrainyShell
import Testing

/// `leaderboard`'s words: Tab offers `--refresh` from the command's own vocabulary, and without a server the refresh
/// says how to set one.
@Suite struct LeaderboardOptionTests {
    @Test func tabOffersRefresh() throws {
        let session = try ShellHarness().session()
        #expect(session.completer("leaderboard ") == ["--refresh"])
        #expect(session.completer("leaderboard --r") == ["--refresh"])
        #expect(session.completer("rank --") == ["--refresh"])
        #expect(session.completer("leaderboard --refresh ").isEmpty)
    }

    @Test func refreshWithoutAServerSaysHowToSetOne() throws {
        let run = try ShellHarness().run(["login guest", "leaderboard --refresh"])
        #expect(run.status != 0)
        #expect(run.output.contains("No sync server is set."), "\(run.output)")
    }
}
