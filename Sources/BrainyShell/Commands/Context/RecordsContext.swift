import BrainyKit
import Foundation

/// What the records commands (`history`, `stats`, `profile`, `leaderboard`) may use: the player's records read, the
/// clock and time zone, how output prints, the console (and asking a line while replaying a quiz), the remote side
/// for the leaderboard and the profile's sync status, and saving the leaderboard the server sent.
struct RecordsContext: CommandContext {
    private let session: ShellSession

    init(_ session: ShellSession) { self.session = session }

    /// Where the flow stands (who is signed in, hint credits).
    var flow: QuizFlow { session.flow }
    var console: Console { session.console }
    var now: Date { session.now }
    var timeZone: TimeZone { session.timeZone }
    var outputFormat: OutputFormat { session.outputFormat }
    var columns: Int { session.columns }
    /// The player's records, read only (the only write these commands make is `saveLeaderboard`).
    var records: RecordsReader { RecordsReader(session.repository) }
    /// The sync server's side: its client, whether it answered.
    var remote: RemoteSession { session.remote }
    /// Someone reads at a terminal (a replay waits for Enter between questions).
    var isInteractive: Bool { session.reader.isInteractive }

    /// Reads a line (noted in a transcript being recorded).
    func askLine(_ prompt: Localized) -> LineInput { session.askLine(prompt) }

    /// Keeps the leaderboard the server sent, for showing until the next refresh.
    func saveLeaderboard(_ board: LeaderboardResponse, userId: String) throws {
        try session.repository.saveLeaderboard(board, userId: userId, now: session.now)
    }
}
