import BrainyAPI
import BrainyKit
@testable import BrainyShell
import BrainyStore
import Foundation
import Testing

/// The remote side made from what it needs, with no shell session around it: the server in use, whether the shell is
/// offline, and what a failed call becomes for the user.
@Suite struct RemoteSessionTests {
    static let start = Date(timeIntervalSince1970: 1_795_327_200)

    static func remote(_ repository: any BrainyRepository, server: String? = nil,
                       config: RemoteConfig = RemoteConfig()) -> RemoteSession {
        RemoteSession(
            repository: repository, console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true),
            serverOverride: server, makeClient: nil, user: { nil }, now: { start },
            config: ConfigInForce(current: { config }, adopt: { _ in }), signOut: {})
    }

    @Test func theServerInUseIsTheFlagsElseTheSettingAndWithoutOneTheShellIsOffline() throws {
        let database = try AppDatabase.inMemory()
        #expect(Self.remote(database).serverURL == nil)
        #expect(Self.remote(database).isOffline)
        try database.setSyncValue("http://kept.example", for: SyncKeys.server)
        #expect(Self.remote(database).serverURL == "http://kept.example")
        #expect(Self.remote(database, server: "http://given.example").serverURL == "http://given.example")
        #expect(!Self.remote(database).isOffline)
    }

    @Test func aCallThatDoesNotGetThroughMakesTheShellOfflineAndAnAnswerOnline() throws {
        let remote = Self.remote(try AppDatabase.inMemory(), server: "http://given.example")
        #expect(remote.serverReachable == nil)
        let unreachable = remote.translate(.unreachable("connection refused"), server: "http://given.example")
        #expect(unreachable as? ShellError == .serverUnreachable("http://given.example"))
        #expect(remote.serverReachable == false && remote.isOffline)
        let busy = remote.translate(.server(status: 503, code: "unavailable", message: "busy"), server: "http://given.example")
        #expect(busy as? ShellError == .serverBusy("http://given.example"))
        #expect(remote.serverReachable == true && !remote.isOffline)
    }

    @Test func aRefusedPasswordNamesTheMinimumOfTheConfigInForce() throws {
        let remote = Self.remote(try AppDatabase.inMemory(), config: RemoteConfig(passwordMinLength: 12))
        let refused = remote.translate(.server(status: 400, code: "password_too_short", message: "short"), server: "http://s")
        #expect(refused as? BrainyError == .passwordTooShort(minimum: 12))
    }

    @Test func withoutAClientFactoryThereIsNoClientEvenWithAServer() throws {
        let remote = Self.remote(try AppDatabase.inMemory(), server: "http://given.example")
        #expect(remote.api() == nil)
    }
}
