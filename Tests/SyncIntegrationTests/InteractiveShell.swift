import BrainyAPI
import BrainyClient
import BrainyKit
import BrainyPasswords
import BrainyResources
@testable import BrainyShell
import BrainyStore
import BrainyTestSupport
import Foundation
import Synchronization

/// A shell run as at a terminal (prompts, the start-up check) over a real database file and the real client, on its
/// own thread; its lines are typed by a script that can wait for the start-up check's calls to end, and move the
/// clock its deadline is timed by.
final class InteractiveShell: @unchecked Sendable {
    // @unchecked: used by one test at a time; each run happens on one thread while the test awaits it.
    let database: AppDatabase
    let path: String?
    let clock = ManualClock(LiveServer.start)
    let server: String
    var config = RemoteConfig()
    let probe = PackCheckProbe()
    let reader = ScriptedTypist()
    /// What the start-up check's deadline is timed by: it moves only when a step moves it.
    let deadlineClock = SteppedClock()

    init(server: String, database: AppDatabase? = nil) throws {
        self.server = server
        if let database {
            self.database = database
            path = nil
        } else {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-start-\(UUID().uuidString).sqlite").path
            self.database = try AppDatabase.openFile(at: path)
            try self.database.importPackIfNewer(from: BrainyResources.corePackDirectory, now: LiveServer.start)
            self.path = path
        }
    }

    deinit {
        guard let path else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Runs the steps as typed at a terminal; returns the exit status and everything printed.
    func run(_ steps: [ScriptedTypist.Step]) async -> (status: Int32, output: String) {
        reader.steps = steps
        return await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                let probe = probe
                var services = ShellServices(
                    repository: database, hasher: ScryptPasswordHasher(rounds: 1 << 8), clock: clock, config: config,
                    remoteFactory: { url in probe.watching(HTTPRemoteAPI(baseURL: url, timeout: 60)) })
                services.deadlineClock = deadlineClock
                let options = ShellOptions(seed: 11, serverURL: server, languageOverride: .en, timeZone: .gmt)
                let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
                reader.console = console
                reader.probe = probe
                reader.deadlineClock = deadlineClock
                let session = ShellSession(services: services, options: options, reader: reader, console: console)
                reader.session = session
                let status = ShellRunner(session: session, reader: reader).run()
                continuation.resume(returning: (status, console.captured))
            }
            thread.start()
        }
    }
}

/// Lines typed at a "terminal": given ones, or a harmless `state` after each call of the start-up check has ended (the
/// shell says what the check found at a prompt, so it is given one), until nothing of the check is under way.
final class ScriptedTypist: LineReader {
    enum Step {
        case line(String)
        /// `state` once each call of the start-up check under way has ended, until none is left.
        case checkSettled
        /// The check's clock moved on by the duration, once the check is timing its deadline by it.
        case clockMoved(Duration)
    }

    /// How long a step waits for the check before it is taken for a hang (and the run goes on, for the test to
    /// fail on what it sees): far beyond any call's time on a loaded machine, far short of for ever.
    static let hang: DispatchTimeInterval = .seconds(120)

    var steps: [Step] = []
    var console: Console?
    weak var session: ShellSession?
    var deadlineClock: SteppedClock?
    /// What the shell has printed so far.
    var printed: String { console?.captured ?? "" }
    var interactive = true
    /// Whether the check had ended when the first prompt was shown (nil: no prompt yet).
    private(set) var checkEndedAtFirstPrompt: Bool?
    /// The steps that waited past `hang`.
    private(set) var hangs: [String] = []
    var probe: PackCheckProbe?
    private var prompts = 0

    var isInteractive: Bool { interactive }
    var linesConsumed: Int { 0 }

    func readLine(prompt: String) -> LineInput {
        prompts += 1
        if prompts == 1, let probe { checkEndedAtFirstPrompt = probe.versionAnswered || probe.versionFailed }
        while let step = steps.first {
            switch step {
            case let .line(text):
                steps.removeFirst()
                return .line(text)
            case .checkSettled:
                guard let check = session?.packCheck, !check.isSettled else {
                    steps.removeFirst()
                    continue
                }
                guard check.waitForCallUnderWay(upTo: Self.hang) else {
                    hangs.append("the start-up check's call did not end")
                    steps.removeFirst()
                    continue
                }
                return .line("state")
            case let .clockMoved(duration):
                steps.removeFirst()
                guard let deadlineClock, deadlineClock.waitForSleeper(upTo: Self.hang) else {
                    hangs.append("nothing was timed by the check's clock")
                    continue
                }
                deadlineClock.advance(by: duration)
            }
        }
        return .end
    }

    func readSecret(prompt: String) -> String? { nil }
    func remember(_ line: String) {}
}

/// What the shell's client was asked at start, and what came of it; `hangs` makes the version request go unanswered
/// (until it is cancelled), as a server that accepts and never answers.
final class PackCheckProbe: Sendable {
    fileprivate struct State {
        var versionAsked = false
        var versionAnswered = false
        var versionFailed = false
        var packAnswered = false
        var hangs = false
    }

    private let state = Mutex(State())

    var versionAsked: Bool { state.withLock { $0.versionAsked } }
    var versionAnswered: Bool { state.withLock { $0.versionAnswered } }
    var versionFailed: Bool { state.withLock { $0.versionFailed } }
    var packAnswered: Bool { state.withLock { $0.packAnswered } }
    var hangs: Bool {
        get { state.withLock { $0.hangs } }
        set { state.withLock { $0.hangs = newValue } }
    }

    fileprivate func note(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

    /// The real client, its pack calls watched.
    func watching(_ inner: any RemoteAPI) -> any RemoteAPI {
        ForwardingRemoteAPI(inner: inner).replacing(API.packVersion) { [self] inner, call throws(RemoteError) in
            note { $0.versionAsked = true }
            if hangs {
                // Accepts and never answers: only a cancel ends it.
                try? await Task.sleep(for: .seconds(3600))
                note { $0.versionFailed = true }
                throw .cancelled
            }
            do throws(RemoteError) {
                let served = try await inner.send(call)
                note { $0.versionAnswered = true }
                return served
            } catch {
                note { $0.versionFailed = true }
                throw error
            }
        }.replacing(API.pack) { [self] inner, call throws(RemoteError) in
            let pack = try await inner.send(call)
            note { $0.packAnswered = true }
            return pack
        }
    }
}
