import BrainyAPI
import BrainyKit
import BrainyPacks
import BrainyPasswords
import BrainyResources
import BrainyServer
@testable import BrainyShell
import BrainyStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The question pack's version asked at start, in the background, against a real server on a loopback port (or none):
/// the first prompt never waits for it, a newer pack is said at a later prompt (or imported when the config says so),
/// and a server that is down changes nothing but what the last check learned.
///
/// Nothing here hangs on the machine's speed: the check runs on a thread of its own, the typist waits for the check's
/// calls to end rather than for time to pass, and the check's 2 s deadline is timed by a clock only the test moves.
@Suite struct StartupPackCheckTests {
    static let newer = "2099.1.1"
    static let waiting = "A new question pack core \(newer) is waiting on the server. 'sync' fetches it."

    @Test func aNewerPackOnTheServerIsSaidAtAPrompt() async throws {
        try await Self.serving(version: Self.newer) { port in
            let shell = try InteractiveShell(server: "http://127.0.0.1:\(port)")
            let before = try shell.database.importedVersion(ofPack: "core")
            let run = await shell.run([.line("state"), .checkSettled, .line("state")])
            #expect(run.status == 0, "\(run.output)")
            #expect(shell.reader.hangs.isEmpty)
            #expect(run.output.contains(Self.waiting), "\(run.output)")
            // Said once, before a prompt: the command after it printed below it.
            #expect(run.output.components(separatedBy: Self.waiting).count == 2)
            #expect(try shell.database.importedVersion(ofPack: "core") == before)
        }
    }

    @Test func theSamePackOnTheServerIsNotMentioned() async throws {
        let bundled = try PackLoader.load(from: BrainyResources.corePackDirectory).version
        try await Self.serving(version: bundled) { port in
            let shell = try InteractiveShell(server: "http://127.0.0.1:\(port)")
            let run = await shell.run([.checkSettled, .line("state"), .line("state")])
            #expect(run.status == 0, "\(run.output)")
            #expect(shell.reader.hangs.isEmpty)
            #expect(shell.probe.versionAnswered)
            #expect(!run.output.contains("question pack"), "\(run.output)")
        }
    }

    @Test func theConfigCanHaveTheNewerPackImportedAtOnce() async throws {
        try await Self.serving(version: Self.newer) { port in
            let shell = try InteractiveShell(server: "http://127.0.0.1:\(port)")
            shell.config = RemoteConfig(autoImportPack: true)
            let run = await shell.run([.checkSettled])
            #expect(run.status == 0, "\(run.output)")
            #expect(shell.reader.hangs.isEmpty)
            #expect(shell.probe.packAnswered)
            #expect(run.output.contains("Imported the new question pack \(Self.newer) ("), "\(run.output)")
            #expect(!run.output.contains("is waiting on the server"), "\(run.output)")
            #expect(try shell.database.importedVersion(ofPack: "core") == Self.newer)
        }
    }

    @Test func aServerThatIsDownStartsTheShellWithNoWord() async throws {
        let shell = try InteractiveShell(server: "http://127.0.0.1:\(try await Self.closedPort())")
        let run = await shell.run([.checkSettled, .line("state"), .line("state")])
        #expect(run.status == 0, "\(run.output)")
        #expect(shell.reader.hangs.isEmpty)
        #expect(shell.probe.versionFailed)
        #expect(run.output.contains("Sign in first"), "\(run.output)")
        #expect(!run.output.contains("question pack"), "\(run.output)")
        #expect(!run.output.contains("could not be reached"), "\(run.output)")
        #expect(!run.output.contains("Could not reach"), "\(run.output)")
    }

    @Test func offlineWhatTheLastCheckLearnedIsSaid() async throws {
        let (first, port) = try await Self.serving(version: Self.newer) { live in
            let shell = try InteractiveShell(server: "http://127.0.0.1:\(live)")
            let run = await shell.run([.checkSettled])
            #expect(run.output.contains(Self.waiting), "\(run.output)")
            return (shell, live)
        }
        // The same device, its server now down: what the last check learned is said, with when. (The first shell is
        // kept until the end: it owns the database file, which goes with it.)
        defer { withExtendedLifetime(first) {} }
        let again = try InteractiveShell(server: "http://127.0.0.1:\(port)", database: first.database)
        let said = "The server could not be reached; at the last check (2026-11-22 06:00) a new question pack core \(Self.newer) was waiting."
        let run = await again.run([.checkSettled])
        #expect(run.status == 0, "\(run.output)")
        #expect(again.reader.hangs.isEmpty)
        #expect(again.probe.versionFailed)
        #expect(run.output.contains(said), "\(run.output)")
    }

    @Test func aServerThatNeverAnswersNeitherDelaysThePromptNorIsWaitedFor() async throws {
        let shell = try InteractiveShell(server: "http://127.0.0.1:9")
        shell.probe.hangs = true
        // Given up by the deadline, the people's 2 s: the request is cancelled, the shell went on meanwhile and says
        // nothing of it.
        let run = await shell.run([.line("state"), .clockMoved(StartupPackCheck.deadline), .checkSettled,
                                   .line("state"), .line("state")])
        #expect(run.status == 0, "\(run.output)")
        #expect(shell.reader.hangs.isEmpty)
        #expect(StartupPackCheck.deadline == .seconds(2))
        #expect(shell.reader.checkEndedAtFirstPrompt == false)
        #expect(shell.probe.versionFailed)
        #expect(!run.output.contains("question pack"), "\(run.output)")
        #expect(!run.output.contains("could not be reached"), "\(run.output)")
    }

    @Test func leavingDoesNotWaitForTheCheck() async throws {
        let shell = try InteractiveShell(server: "http://127.0.0.1:9")
        shell.probe.hangs = true
        let run = await shell.run([.line("state"), .line("exit")])
        #expect(run.status == 0, "\(run.output)")
        // The shell left while the server had not answered; the request was stopped rather than left hanging.
        #expect(shell.reader.checkEndedAtFirstPrompt == false)
        #expect(!run.output.contains("question pack"), "\(run.output)")
    }

    @Test func aScriptNeverAsks() async throws {
        try await Self.serving(version: Self.newer) { port in
            let shell = try InteractiveShell(server: "http://127.0.0.1:\(port)")
            shell.reader.interactive = false
            let run = await shell.run([.line("state"), .line("state")])
            #expect(run.status == 0, "\(run.output)")
            #expect(!shell.probe.versionAsked)
            #expect(!run.output.contains("question pack"), "\(run.output)")
        }
    }

    @Test func aNewPackIsOneThatDiffersAndIsNotOlder() {
        #expect(StartupPackCheck.isNew("2026.11.25.1", over: "2026.11.24.1"))
        #expect(!StartupPackCheck.isNew("2026.11.24.1", over: "2026.11.24.1"))
        #expect(!StartupPackCheck.isNew("2026.11.23.1", over: "2026.11.24.1"))
        #expect(StartupPackCheck.isNew("spring", over: "winter"))
        #expect(StartupPackCheck.isNew("1", over: nil))
    }

    /// brainy-server on a loopback port serving the bundled pack under `version`.
    static func serving<T: Sendable>(version: String, _ body: @escaping @Sendable (Int) async throws -> T) async throws -> T {
        var pack = try PackLoader.load(from: BrainyResources.corePackDirectory)
        pack.version = version
        var environment = ServerEnvironment(clock: ManualClock(LiveServer.start),
                                            passwordHasher: ScryptPasswordHasher(rounds: 16, blockSize: 1))
        environment.sleep = { _ in }
        environment.content = try ServedContent(config: RemoteConfig(), pack: pack)
        let app = try await buildApplication(ServerArguments(port: 0), environment: environment)
        let result = Box<T>()
        try await app.test(.live) { client in
            result.value = try await body(try #require(client.port))
        }
        return try #require(result.value)
    }

    /// A port nothing listens on: one a server had, after it stopped.
    static func closedPort() async throws -> Int {
        try await serving(version: newer) { $0 }
    }

    final class Box<T>: @unchecked Sendable {
        // @unchecked: written once inside the server's test closure, read after it returned.
        var value: T?
    }
}
