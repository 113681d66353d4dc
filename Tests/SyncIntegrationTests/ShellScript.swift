import BrainyClient
import BrainyAPI
import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

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
struct CutOffAfterUploads: RemoteAPI {
    let inner: any RemoteAPI
    let uploads: Int
    let counter = Counter()

    final class Counter: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }

    var baseURL: String { inner.baseURL }
    func config(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<RemoteConfig> { try await inner.config(ifNoneMatch: etag) }
    func packVersion() async throws(RemoteError) -> PackVersionResponse { try await inner.packVersion() }
    func pack() async throws(RemoteError) -> QuestionPack { try await inner.pack() }
    func register(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.register(email: email, password: password) }
    func login(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.login(email: email, password: password) }
    func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse { try await inner.refresh(refreshToken) }
    func logout(_ refreshToken: String) async throws(RemoteError) { try await inner.logout(refreshToken) }
    func upload(_ batch: ResultUploadRequest, accessToken: String) async throws(RemoteError) -> ResultUploadResponse {
        guard counter.next() <= uploads else { throw .unreachable("connection reset by peer") }
        return try await inner.upload(batch, accessToken: accessToken)
    }
    func leaderboard(accessToken: String) async throws(RemoteError) -> LeaderboardResponse { try await inner.leaderboard(accessToken: accessToken) }
    func questionRatings(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<QuestionRatingsResponse> {
        try await inner.questionRatings(ifNoneMatch: etag)
    }
    func resultSummary(accessToken: String) async throws(RemoteError) -> ResultSummaryResponse { try await inner.resultSummary(accessToken: accessToken) }
    func ads(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int, accessToken: String) async throws(RemoteError) -> AdsResponse {
        try await inner.ads(placement, lang: lang, quizzesToday: quizzesToday, count: count, accessToken: accessToken)
    }
    func uploadAdEvents(_ request: AdEventsRequest, accessToken: String) async throws(RemoteError) -> AdEventsResponse { try await inner.uploadAdEvents(request, accessToken: accessToken) }
    func socialProviders() async throws(RemoteError) -> SocialProvidersResponse { try await inner.socialProviders() }
    func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse { try await inner.startDeviceAuthorization(provider) }
    func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse { try await inner.pollDeviceToken(provider, deviceCode: deviceCode) }
    func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse { try await inner.socialSignIn(request) }
}
