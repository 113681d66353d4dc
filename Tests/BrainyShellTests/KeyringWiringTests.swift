import BrainyStore
import Testing
@testable import BrainyShell

/// Only the `brainy` executable hands the shell the machine's keyring: a session a test or an embedder makes keeps its
/// sign-in's tokens in its database file and never starts `secret-tool` (which on a desktop would leave items in the
/// person's login keyring, or wait on a locked one).
@Suite struct KeyringWiringTests {
    @Test func aSessionMadeWithoutAKeyringNeverAsksTheMachinesKeyring() throws {
        let session = try ShellHarness().session(qa: false)
        #expect(session.services.keyring == nil)
        #expect(!session.remote.tokenKeeper.usesKeyring)
    }

    @Test func aRemoteSessionMadeWithoutAKeeperKeepsTheTokensInTheDatabaseFile() throws {
        let remote = RemoteSessionTests.remote(try AppDatabase.inMemory())
        #expect(!remote.tokenKeeper.usesKeyring)
    }

    @Test func aKeyringHandedInIsTheOneTheSessionUses() throws {
        var services = try ShellHarness().session(qa: false).services
        services.keyring = Keyring(store: SecretServiceStore(tool: SecretTool(path: nil)))
        let session = ShellSession(services: services, options: ShellOptions(), reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        #expect(session.remote.tokenKeeper.usesKeyring)
    }
}
