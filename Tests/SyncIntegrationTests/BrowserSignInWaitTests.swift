import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import BrainyTestSupport
import Foundation
import NIOCore
import Synchronization
import Testing

/// The shell's wait for a browser sign-in (`login kakao`, `naver`, `apple`, `google`), against brainy-server with the
/// development IdP in this process: the shell's polls are timed by a clock this suite moves (a second at a time, only
/// while the shell sleeps on it), so a wait of minutes takes none. Where a poll's answer must be one the server would
/// give only at another time (slow_down, expired, denied with a hostile reason), that one operation is answered by the
/// test; everything else is the real server.
@Suite struct BrowserSignInWaitTests {
    @Test func approvedInTheBrowserTheShellSignsIn() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let polls = PollLog()
            // The 'y' accepts the terms where the server asks for them (a script's answer comes on the next line).
            let run = try await BrowserApproval.run(shell, ["login kakao", "y"], provider: "kakao",
                                                    email: "mina@example.com", server: server, polls: polls)
            let started = try #require(polls.startedNow)
            #expect(run.output.contains("Kakao sign-in: open this link in a browser (any device will do): \(started.link)"))
            #expect(run.output.contains("Check that the page shows the code \(started.userCode), then go on."))
            #expect(!run.output.contains(started.sessionId), "the session id is the shell's secret")
            #expect(run.output.contains("Signed in as mina@example.com (Kakao)"), "\(run.output)")
            #expect(polls.answers.last == .done)
        }
    }

    /// Naver vouches for no email: the account's address is the server's placeholder under `.invalid`, which the
    /// shell never shows; the sign-in's words, the prompt's name, `profile` and `state` say the nickname Naver gave
    /// (the development IdP's is the demo email's local part).
    @Test func aNaverAccountIsShownByItsNicknameNotItsPlaceholderAddress() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let run = try await BrowserApproval.run(shell, ["login naver", "y", "profile", "state"], provider: "naver",
                                                    email: "mina.kim@example.com", server: server)
            #expect(run.output.contains("Signed in as mina.kim (Naver)"), "\(run.output)")
            #expect(run.output.contains("account") && run.output.contains("mina.kim"), "\(run.output)")
            #expect(run.output.contains("User: mina.kim (Naver)"), "\(run.output)")
            #expect(!run.output.contains(".invalid"), "\(run.output)")
        }
    }

    @Test func slowDownWaitsFiveSecondsMoreForEveryLaterPoll() async throws {
        try await LiveServer.run { server in
            let clock = SteppedClock()
            let origin = clock.now
            let polls = PollLog(answering: [.slowDown, .pending, .expired]) { origin.duration(to: clock.now) }
            let run = try await Self.login("naver", server: server, polls: polls, clock: clock)
            #expect(polls.times == [.seconds(5), .seconds(15), .seconds(25)])
            #expect(run.output.contains("The Naver sign-in code expired. Try 'login naver' again."), "\(run.output)")
        }
    }

    @Test func theShellStopsAtTheSessionsExpiryEvenIfTheServerStillSaysPending() async throws {
        try await LiveServer.run { server in
            let clock = SteppedClock()
            let origin = clock.now
            let polls = PollLog(answering: Array(repeating: .pending, count: 200), expiresIn: 20) {
                origin.duration(to: clock.now)
            }
            let run = try await Self.login("apple", server: server, polls: polls, clock: clock)
            #expect(run.status == 1)
            #expect(polls.times == [.seconds(5), .seconds(10), .seconds(15), .seconds(20)])
            #expect(run.output.contains("The Apple sign-in code expired. Try 'login apple' again."), "\(run.output)")
            #expect(run.output.contains("within 1 min"))
        }
    }

    @Test func aRefusalSaysWhyWithTheServersTextCleaned() async throws {
        try await LiveServer.run { server in
            let clock = SteppedClock()
            // What a hostile or broken server might say: a clipboard write (OSC 52), a screen wipe, a title change.
            let reason = "Declined\u{1B}]52;c;aGk=\u{07} at\u{1B}[2J the\u{1B}]0;pwned\u{07} provider\u{9B}31m."
            let polls = PollLog(answering: [.pending, .denied], reason: reason) { .zero }
            // Signed in as the guest first: the refused sign-in leaves the flow where it began, not waiting.
            let run = try await Self.login("kakao", server: server, polls: polls, clock: clock,
                                           lines: ["login guest", "login kakao", "state"])
            #expect(run.status == 1)
            #expect(run.output.contains("State: home"), "\(run.output)")
            #expect(run.output.contains("Kakao sign-in was refused (the server says: Declined at the provider.)"),
                    "\(run.output)")
            #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
            #expect(!run.output.contains("pwned") && !run.output.contains("aGk="))
        }
    }

    @Test func koreanMessagesSayTheSame() async throws {
        try await LiveServer.run { server in
            let clock = SteppedClock()
            let polls = PollLog(answering: [.denied], reason: "No.") { .zero }
            let run = try await Self.login("kakao", server: server, polls: polls, clock: clock, language: .ko)
            #expect(run.output.contains("카카오 로그인: 이 주소를 브라우저로 여세요"), "\(run.output)")
            #expect(run.output.contains("브라우저에서 마치기를 기다리는 중… (10분 안에, Ctrl-C로 그만두기)"))
            #expect(run.output.contains("카카오 로그인이 거절되었습니다 (서버: No.). 'login kakao'로 다시 시도하거나"))
        }
    }

    @Test func aServerSetUpForNeitherWaySaysWhichFlagsTurnItOn() async throws {
        try await LiveServer.run(devIdP: false) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.keepGoing = true
            let run = await shell.run(["login kakao", "login naver", "login apple", "login google"])
            #expect(run.output.contains("This server does not offer Kakao sign-in. Its operator turns it on by starting brainy-server with --kakao-client-id, --public-url (or --dev-idp for a demo)."), "\(run.output)")
            #expect(run.output.contains("--naver-client-id, --naver-client-secret, --public-url"))
            #expect(run.output.contains("--apple-client-id, --apple-client-secret, --public-url"))
            #expect(run.output.contains("--google-client-id (device flow) or --google-web-client-id"))
            #expect(!run.output.contains("Waiting"))
        }
    }

    @Test func googleSignsInThroughTheBrowserWhereTheServerOffersNoDeviceFlow() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            // A server set up for Google's web client only (--google-web-client-id): no device flow listed.
            let run = try await BrowserApproval.run(shell, ["login google", "y"], provider: "google",
                                                    email: "mina@example.com", server: server) { inner in
                ForwardingRemoteAPI(inner: inner).replacing(API.socialProviders) { _, _ throws(RemoteError) in
                    .fetched(SocialProvidersResponse(providers: []), etag: nil)
                }
            }
            #expect(run.output.contains("Google sign-in: open this link in a browser"), "\(run.output)")
            #expect(run.output.contains("Signed in as mina@example.com (Google)"), "\(run.output)")
        }
    }

    @Test func appleFallsBackToTheDevelopmentDeviceFlowWhereTheServerOffersNoBrowserSignIn() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let devices = DeviceLog()
            // A server whose Apple is only the development IdP's device flow.
            shell.wrap = { inner in
                devices.watching(ForwardingRemoteAPI(inner: inner).replacing(API.browserSignInStart) { _, _ throws(RemoteError) in
                    throw RemoteError.server(status: 400, code: "provider_not_enabled", message: "Not here.",
                                             lockedUntil: nil, remainingAttempts: nil)
                })
            }
            let clock = SteppedClock()
            shell.deadlineClock = clock
            let mover = ClockMover(clock)
            let approval = Task {
                let code = try await devices.userCode()
                try await LiveServer.approve(userCode: code, email: "mina@example.com", port: server.port)
                server.clock.advance(by: 10)
                mover.start()
            }
            let run = await shell.run(["login apple", "y"])
            mover.stop()
            try await approval.value
            #expect(run.output.contains("Apple sign-in: open"), "\(run.output)")
            #expect(!run.output.contains("open this link in a browser"))
            #expect(run.output.contains("Signed in as mina@example.com (Apple)"), "\(run.output)")
        }
    }

    /// `login <provider>` as a script, the polls answered by `polls` and timed by `clock`, moved while the shell sleeps.
    static func login(_ provider: String, server: LiveServer.Context, polls: PollLog, clock: SteppedClock,
                      language: Language = .en, lines: [String]? = nil) async throws -> (status: Int32, output: String) {
        let shell = try ShellScript()
        // With more lines than the sign-in, each runs as at a terminal: an error is said and the next line runs.
        shell.keepGoing = lines != nil
        shell.serverURL = server.api.baseURL
        shell.language = language
        shell.wrap = { inner in polls.watching(inner) }
        shell.deadlineClock = clock
        let mover = ClockMover(clock)
        mover.start()
        defer { mover.stop() }
        return await shell.run(lines ?? ["login \(provider)"])
    }
}

/// The shell's browser sign-in as its client sees it: the session it was given, and each poll's answer and time. Polls
/// go to the server unless `answering` lists what to say instead (in order; the real answer once the list is used up).
final class PollLog: Sendable {
    private struct State {
        var started: BrowserSignInStartResponse?
        var answers: [BrowserSignInStatus] = []
        var times: [Duration] = []
        var scripted: [BrowserSignInStatus]
    }

    private let state: Mutex<State>
    private let reason: String?
    private let expiresIn: Int?
    private let elapsed: @Sendable () -> Duration
    private let startedSignal = DispatchSemaphore(value: 0)

    init(answering scripted: [BrowserSignInStatus] = [], reason: String? = nil, expiresIn: Int? = nil,
         elapsed: @escaping @Sendable () -> Duration = { .zero }) {
        state = Mutex(State(scripted: scripted))
        self.reason = reason
        self.expiresIn = expiresIn
        self.elapsed = elapsed
    }

    var startedNow: BrowserSignInStartResponse? { state.withLock { $0.started } }
    var answers: [BrowserSignInStatus] { state.withLock { $0.answers } }
    var times: [Duration] { state.withLock { $0.times } }

    /// The session the shell was given, once it has one (on a thread of Dispatch's own: the server under test answers
    /// on Swift's shared threads).
    func started() async throws -> BrowserSignInStartResponse {
        let signal = startedSignal
        let given: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: signal.wait(timeout: .now() + 120) == .success) }
        }
        guard given, let started = startedNow else { throw NotStarted() }
        return started
    }

    struct NotStarted: Error {}

    func watching(_ inner: any RemoteAPI) -> any RemoteAPI {
        ForwardingRemoteAPI(inner: inner).replacing(API.browserSignInStart) { [self] inner, call throws(RemoteError) in
            var served = try await inner.send(call)
            if let expiresIn, case var .fetched(response, tag) = served {
                response.expiresIn = expiresIn
                served = .fetched(response, etag: tag)
            }
            if case let .fetched(response, _) = served {
                state.withLock { $0.started = response }
                startedSignal.signal()
            }
            return served
        }.replacing(API.browserSignInPoll) { [self] inner, call throws(RemoteError) in
            let now = elapsed()
            let scripted = state.withLock { state -> BrowserSignInStatus? in
                state.times.append(now)
                return state.scripted.isEmpty ? nil : state.scripted.removeFirst()
            }
            let served: Fetched<BrowserSignInPollResponse>
            if let scripted {
                served = .fetched(BrowserSignInPollResponse(status: scripted, reason: scripted == .denied ? reason : nil),
                                  etag: nil)
            } else {
                served = try await inner.send(call)
            }
            if case let .fetched(response, _) = served { state.withLock { $0.answers.append(response.status) } }
            return served
        }
    }
}

/// Moves a stepped clock on, a second at a time, whenever something sleeps on it, on a thread of its own, until
/// stopped: a shell's wait of minutes passes as fast as it polls.
final class ClockMover: Sendable {
    private let clock: SteppedClock
    private let stopped = Atomic<Bool>(false)

    init(_ clock: SteppedClock) { self.clock = clock }

    func start() {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                if clock.waitForSleeper(upTo: .milliseconds(20)) { clock.advance(by: .seconds(1)) }
            }
        }
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}

/// A person's browser at the development IdP, as plain HTTP: the sign-in's authorize redirect, the IdP's approval
/// form, and the way back to the server's callback (Kakao, Naver, Google: redirects; not Apple's form_post).
enum DevIdPBrowser {
    static func approve(_ started: BrowserSignInStartResponse, provider: String, email: String, port: Int) async throws {
        let origin = "http://127.0.0.1:\(port)"
        let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        do {
            let toProvider = try await send(client, origin + "/v1/auth/browser/authorize?code=" + started.userCode)
            let authorize = try #require(URLComponents(string: toProvider.location ?? ""))
            #expect(authorize.path == "/dev-idp/\(provider)/authorize")
            var fields = (authorize.queryItems ?? []).map { ($0.name, $0.value ?? "") }
            fields += [("action", "approve"), ("email", email)]
            var form = authorize
            form.query = nil
            let back = try await send(client, try #require(form.string), form: fields)
            let callback = try #require(back.location, "the IdP answered \(back.status)")
            let landed = try await send(client, callback)
            #expect(landed.status == 200)
            #expect(landed.body.contains("data-outcome=\"done\""))
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    struct Answer {
        var status: Int
        var location: String?
        var body: String
    }

    static func send(_ client: HTTPClient, _ url: String, form: [(String, String)]? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        if let form {
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            let body = form.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), location: response.headers.first(name: "Location"),
                      body: String(buffer: body))
    }
}

/// The real client with the device flow's start watched: the user code the shell was given, for the test to approve.
final class DeviceLog: Sendable {
    private let code = Mutex<String?>(nil)
    private let given = DispatchSemaphore(value: 0)

    func userCode() async throws -> String {
        let given = given
        let arrived: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: given.wait(timeout: .now() + 120) == .success) }
        }
        guard arrived, let code = code.withLock({ $0 }) else { throw PollLog.NotStarted() }
        return code
    }

    func watching(_ inner: any RemoteAPI) -> any RemoteAPI { Watched(inner: inner, log: self) }

    fileprivate func note(_ userCode: String) {
        code.withLock { $0 = userCode }
        given.signal()
    }

    private struct Watched: RemoteAPI {
        let inner: any RemoteAPI
        let log: DeviceLog

        var baseURL: String { inner.baseURL }

        func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(_ call: APICall<Request, Response>)
            async throws(RemoteError) -> Fetched<Response> {
            try await inner.send(call)
        }

        func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse {
            let device = try await inner.startDeviceAuthorization(provider)
            log.note(device.userCode)
            return device
        }

        func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse {
            try await inner.pollDeviceToken(provider, deviceCode: deviceCode)
        }
    }
}
