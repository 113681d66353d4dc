import BrainyAPI
import BrainyKit
import Foundation

/// What the records commands (`history`, `stats`, `profile`, `leaderboard`) may use: the player's records read, the
/// clock and time zone, how output prints, the console (and asking a line while replaying a quiz), the remote side
/// read (the profile's sync status) and the leaderboard fetched, and saving the leaderboard the server sent.
struct RecordsContext: CommandContext {
    let basics: ContextBasics
    /// Someone reads at a terminal (a replay waits for Enter between questions).
    let isInteractive: Bool
    private let repository: any BrainyRepository
    private let remote: RemoteSession
    private let prompts: LinePrompts

    init(basics: ContextBasics, repository: any BrainyRepository, remote: RemoteSession, prompts: LinePrompts,
         isInteractive: Bool) {
        self.basics = basics
        self.repository = repository
        self.remote = remote
        self.prompts = prompts
        self.isInteractive = isInteractive
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.records() }

    /// The player's records, read only (the only write these commands make is `saveLeaderboard`).
    var records: RecordsReader { RecordsReader(repository) }
    /// The sync server in use and whether it answered (the profile's sync status), read only.
    var remoteStatus: RemoteStatus { remote.status }

    /// Reads a line (noted in a transcript being recorded).
    func askLine(_ prompt: Localized) -> LineInput { prompts.askLine(prompt) }

    /// Fetches today's leaderboard for the signed-in account from the server (Ctrl-C cancels it; an expired access
    /// token is refreshed once).
    func fetchLeaderboard() throws -> LeaderboardResponse {
        guard let api = remote.api() else { throw ShellError.noServer }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        _ = try remote.tokens(api)
        return try remote.authorized(api, watch) { api, token in try await api.call(API.dailyLeaderboard, accessToken: token) }
    }

    /// Keeps the leaderboard the server sent, for showing until the next refresh.
    func saveLeaderboard(_ board: LeaderboardResponse, userId: String) throws {
        try repository.saveLeaderboard(board, userId: userId, now: basics.now)
    }
}
