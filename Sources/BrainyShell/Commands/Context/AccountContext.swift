import BrainyKit
import Foundation

/// What the account commands (`login`, `register`, `logout`) may use: signing in and out, the remote side (the
/// server's config before a sign-in, social sign-in), the config in force read, and the device's guest player.
struct AccountContext: CommandContext {
    let basics: ContextBasics
    /// Signing in, registering and signing out, on the server when there is one.
    let accounts: AccountSignIn
    /// The sync server's side: its client, whether it answered.
    let remote: RemoteSession
    /// What a sign-in's wait for the browser is timed by (`ShellServices.deadlineClock`).
    let deadlineClock: any Clock<Duration>
    private let state: SessionState
    private let repository: any BrainyRepository

    init(basics: ContextBasics, accounts: AccountSignIn, remote: RemoteSession, state: SessionState,
         repository: any BrainyRepository, deadlineClock: any Clock<Duration>) {
        self.basics = basics
        self.accounts = accounts
        self.remote = remote
        self.state = state
        self.repository = repository
        self.deadlineClock = deadlineClock
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.account() }

    /// The remote config in force.
    var config: RemoteConfig { state.config }

    /// Runs a sign-in that may wait for a browser: `body` is given what moves the flow into that step (when the link
    /// is shown), and the sign-in moves it out; a sign-in that ends otherwise (refused, expired, Ctrl-C, a failure
    /// after the browser) takes the flow back to where `login` began.
    func signingIn(_ body: (_ waiting: () throws -> Void) throws -> Void) throws {
        do {
            try body { try state.apply(.browserWaitStarted) }
        } catch {
            if state.flow.state == .waitingForBrowser { try? state.apply(.browserWaitEnded) }
            throw error
        }
    }

    /// The device's guest player, made on first use.
    func guestUser() throws -> User { try repository.guestUser(now: state.now) }
}
