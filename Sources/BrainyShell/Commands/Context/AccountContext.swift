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

    /// The device's guest player, made on first use.
    func guestUser() throws -> User { try repository.guestUser(now: state.now) }
}
