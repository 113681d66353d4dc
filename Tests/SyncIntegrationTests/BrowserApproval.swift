import BrainyAPI
import BrainyKit
import BrainyTestSupport

/// A person approving the shell's browser sign-in in the development IdP's pages: once the shell has shown its link
/// and sleeps before its first poll, `email` approves it for `provider`, the server's clock passes the poll interval
/// (a poll sooner than it is told to slow down), and the shell's deadline clock starts moving.
enum BrowserApproval {
    /// `lines` run in `shell`, its client seen through `polls` (inside `serving`, a server's answers a test replaces).
    static func run(_ shell: ShellScript, _ lines: [String], provider: String, email: String,
                    server: LiveServer.Context, polls: PollLog = PollLog(),
                    serving: @escaping @Sendable (any RemoteAPI) -> any RemoteAPI = { $0 }) async throws
        -> (status: Int32, output: String) {
        shell.wrap = { inner in polls.watching(serving(inner)) }
        let clock = SteppedClock()
        shell.deadlineClock = clock
        let mover = ClockMover(clock)
        let approval = Task {
            let started = try await polls.started()
            try await DevIdPBrowser.approve(started, provider: provider, email: email, port: server.port)
            server.clock.advance(by: 5)
            mover.start()
        }
        let run = await shell.run(lines)
        mover.stop()
        try await approval.value
        return run
    }
}
