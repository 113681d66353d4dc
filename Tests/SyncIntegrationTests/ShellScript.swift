import BrainyClient
import BrainyAPI
import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation
import Synchronization

/// A shell session over a real database file and the bundled pack, wired to a server through the real client, run
/// on its own thread: the shell waits for the server the way the `brainy` executable does.
final class ShellScript: @unchecked Sendable {
    // @unchecked: used by one test at a time; each run happens on one thread while the test awaits it.
    let database: AppDatabase
    let path: String
    let clock = ManualClock(LiveServer.start)
    var serverURL: String?
    /// `--seed`: two devices of one account draw different quiz ids with different seeds.
    var seed: UInt64 = 11
    var batchSize = 1000
    /// Go on after a command fails, as on a terminal (a script stops at the first error).
    var keepGoing = false
    /// Wraps the real client, e.g. to cut a sync off.
    var wrap: @Sendable (any RemoteAPI) -> any RemoteAPI = { $0 }
    /// `--asr-url`, and how long the transcription endpoint may take. A minute by default: the endpoints run in the
    /// test process, which the whole suite keeps busy (a language model's test endpoint once took over 10 s to answer);
    /// the tests of the limits themselves set a short one.
    var asrURL: String?
    var asrTimeout: TimeInterval = 60
    /// `--ai-url`, and how long the language model may take (as above); `--qa`.
    var aiURL: String?
    var aiTimeout: TimeInterval = 60
    var qa = false
    var language: Language = .en
    /// `--ads on`.
    var ads = false
    /// Seconds the shell's clock moves before each line is read, as a person takes to read and type (0: it stands
    /// still). The server ranks only answers given at human speed.
    var secondsPerLine: TimeInterval = 0
    /// What the shell's waits are timed by (a sign-in's polls): the real clock unless a test gives one it moves.
    var deadlineClock: (any Clock<Duration>)?

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-sync-\(UUID().uuidString).sqlite").path
        database = try AppDatabase.openFile(at: path)
        try database.importPackIfNewer(from: BrainyResources.corePackDirectory, now: LiveServer.start)
    }

    deinit {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Runs the lines as a script; returns the exit status and everything printed.
    func run(_ lines: [String]) async -> (status: Int32, output: String) {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                let wrap = wrap
                let asrTimeout = asrTimeout
                let aiTimeout = aiTimeout
                var services = ShellServices(
                    repository: database, hasher: ScryptPasswordHasher(rounds: 1 << 8), clock: clock,
                    config: RemoteConfig(), remoteFactory: { url in wrap(HTTPRemoteAPI(baseURL: url, timeout: 60)) },
                    transcriptionFactory: { url in HTTPSpeechTranscription(url: url, timeout: asrTimeout) })
                services.knowledgeFolder = BrainyResources.knowledgeDirectory
                if let deadlineClock = self.deadlineClock { services.deadlineClock = deadlineClock }
                services.chatFactory = { url in HTTPChatCompletion(url: url, model: "test-model", timeout: aiTimeout) }
                var options = ShellOptions(seed: seed, serverURL: serverURL, languageOverride: language, timeZone: .gmt)
                options.syncBatchSize = batchSize
                options.asrURL = asrURL
                options.aiURL = aiURL
                options.qaEnabled = qa
                options.adsEnabled = ads
                let plain = PlainLineReader(lines: lines)
                let reader: any LineReader = secondsPerLine > 0
                    ? PacedLineReader(plain, clock: clock, secondsPerLine: secondsPerLine) : plain
                let session = ShellSession(
                    services: services, options: options, reader: reader,
                    console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
                var status: Int32 = 0
                if keepGoing {
                    // As on a terminal: each command's error is printed and the next command runs.
                    try? session.restoreSession()
                    for line in lines {
                        do {
                            _ = try session.execute(line)
                        } catch {
                            session.console.error(ErrorMessage.of(error).en)
                            status = 1
                        }
                    }
                } else {
                    status = ShellRunner(session: session, reader: reader).run()
                }
                continuation.resume(returning: (status, session.console.captured))
            }
            thread.start()
        }
    }

    /// The lines that play one multiple-choice quiz of `count` questions to its end, answering option 1 each time.
    static func playQuiz(count: Int, category: String = "person") -> [String] {
        ["mode mc", "category \(category)", "start \(count)"] + Array(repeating: ["1", "next"], count: count).flatMap { $0 }
    }
}

/// The real client, cut off (as if the server died) after `uploads` result uploads.
func cutOffAfterUploads(_ inner: any RemoteAPI, uploads: Int) -> any RemoteAPI {
    let counter = CallCounter()
    return ForwardingRemoteAPI(inner: inner).replacing(API.uploadResults) { inner, call throws(RemoteError) in
        guard counter.next() <= uploads else { throw .unreachable("connection reset by peer") }
        return try await inner.send(call)
    }
}

/// Counts the calls a test's wrapper sees, from 1.
final class CallCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
