import BrainyKit
import Foundation

/// What the account commands (`login`, `register`, `logout`) may use: signing in and out, the remote side (the
/// server's config before a sign-in, social sign-in), the config in force read, and the device's guest player.
struct AccountContext: CommandContext {
    private let session: ShellSession

    init(_ session: ShellSession) { self.session = session }

    var basics: ContextBasics { ContextBasics(session) }

    static func made(by contexts: CommandContexts) -> Self { contexts.account() }

    /// Signing in, registering and signing out, on the server when there is one.
    var accounts: AccountSignIn { session.accountSignIn }
    /// The sync server's side: its client, whether it answered.
    var remote: RemoteSession { session.remote }
    /// The remote config in force.
    var config: RemoteConfig { session.config }

    /// The device's guest player, made on first use.
    func guestUser() throws -> User { try session.repository.guestUser(now: session.now) }
}
