import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Issue 25, item 3: the deadline covers the whole exchange, head and body. A real server on 127.0.0.1 sends its
/// response head at once and then its body one byte at a time, slower than the client's deadline; before the fix
/// each client waited for the last byte (the deadline ended with the head). The body here ends after a few seconds,
/// so that a client without the fix gets it whole and fails these tests instead of hanging them.
@Suite(.serialized) struct WholeRequestDeadlineTests {
    /// What the dribbling server saw: how many bodies it finished and how many were cut off by the client.
    final class Dribbler: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var _finished = 0
        private var _cutOff = 0
        var finished: Int { lock.withLock { _finished } }
        var cutOff: Int { lock.withLock { _cutOff } }
        func noteFinished() { lock.withLock { _finished += 1 } }
        func noteCutOff() { lock.withLock { _cutOff += 1 } }
    }

    /// A body of `bytes`, one byte every `interval`; the head goes out at once.
    static func dribble(_ bytes: String, every interval: Duration, _ dribbler: Dribbler) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
            do {
                for byte in bytes.utf8 {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await Task.sleep(for: interval)
                }
                try await writer.finish(nil)
                dribbler.noteFinished()
            } catch {
                dribbler.noteCutOff()
                throw error
            }
        })
    }

    /// A JSON body the clients would read if they waited for it (48 bytes: 4.8 s at 0.1 s a byte).
    static let slowBody = #"{"text":"dribbled","choices":[],"x":"1234567"}  "#

    func withDribblingServer(_ body: @Sendable (Dribbler, Int) async throws -> Void) async throws {
        let dribbler = Dribbler()
        let router = Router()
        for path in ["/v1/chat/completions", "/v1/audio/transcriptions", API.register.route.path, API.config.route.path] {
            router.on(RouterPath(path), method: path == API.config.route.path ? .get : .post) { request, _ -> Response in
                _ = try await request.body.collect(upTo: 4 << 20)
                return Self.dribble(Self.slowBody, every: .milliseconds(100), dribbler)
            }
        }
        // An answer far past any cap, sent as fast as the connection takes it.
        router.post("/huge/v1/chat/completions") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 4 << 20)
            return Response(status: .ok, body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: "a"), count: 64 * 1024)
                for _ in 0..<(8 * 16) { try await writer.write(chunk) }
                try await writer.finish(nil)
            })
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(dribbler, try #require(client.port)) }
    }

    @Test func theSyncAPIsDeadlineCoversTheBody() async throws {
        try await withDribblingServer { dribbler, port in
            let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:\(port)", timeout: 1)
            await #expect(throws: RemoteError.timedOut(seconds: 1)) {
                _ = try await api.call(API.register, RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
            }
            await #expect(throws: RemoteError.timedOut(seconds: 1)) { _ = try await api.fetch(API.config, ifNoneMatch: nil) }
            #expect(dribbler.finished == 0, "no body was waited for to its end")
        }
    }

    @Test func theChatCompletionsDeadlineCoversTheBody() async throws {
        try await withDribblingServer { dribbler, port in
            let api = HTTPChatCompletion(url: "http://127.0.0.1:\(port)/v1", model: "m", timeout: 1)
            await #expect(throws: RemoteError.timedOut(seconds: 1)) {
                _ = try await api.complete([ChatMessage(role: "user", content: "hi")], schemaName: "s", schema: Data("{}".utf8))
            }
            #expect(dribbler.finished == 0)
        }
    }

    @Test func theTranscriptionDeadlineCoversTheBody() async throws {
        try await withDribblingServer { dribbler, port in
            let api = HTTPSpeechTranscription(url: "http://127.0.0.1:\(port)", timeout: 1)
            await #expect(throws: RemoteError.timedOut(seconds: 1)) {
                _ = try await api.transcribe(wav: Data(TranscriptionEndpointTests.silentWAV), language: .en, prompt: "one")
            }
            #expect(dribbler.finished == 0)
        }
    }

    @Test func anAnswerPastTheCapIsRefusedNotKept() async throws {
        try await withDribblingServer { _, port in
            let api = HTTPChatCompletion(url: "http://127.0.0.1:\(port)/huge/v1", model: "m", timeout: 20)
            await #expect(throws: RemoteError.badResponse("the answer is too large")) {
                _ = try await api.complete([ChatMessage(role: "user", content: "hi")], schemaName: "s", schema: Data("{}".utf8))
            }
        }
    }

    @Test func ctrlCStillEndsARequestAsCancelledNotTimedOut() async throws {
        try await withDribblingServer { _, port in
            let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:\(port)", timeout: 30)
            let task = Task { () async throws(RemoteError) -> Fetched<RemoteConfig> in try await api.fetch(API.config, ifNoneMatch: nil) }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            await #expect(throws: RemoteError.cancelled) { _ = try await task.value }
        }
    }

    /// The person's path: AI mode with `--ai-url` at the dribbling server says the model did not answer in time and
    /// makes the quiz from the knowledge base; `--asr-url` says the recognizer failed and keeps the question open.
    @Test func theShellGoesOnWhenAnEndpointDribbles() async throws {
        try await withDribblingServer { _, port in
            let script = try ShellScript()
            script.aiURL = "http://127.0.0.1:\(port)/v1"
            script.aiTimeout = 1
            let (status, output) = await script.run(["login guest", "mode ai", "category country", "start 3", "state"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("no full answer within 1 s"), "\(output)")
            #expect(output.contains("State: question"), "\(output)")

            let voice = try ShellScript()
            voice.keepGoing = true
            voice.asrURL = "http://127.0.0.1:\(port)/v1"
            voice.asrTimeout = 1
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-dribble-\(UUID().uuidString).wav")
            try Data(TranscriptionEndpointTests.silentWAV).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let (_, heard) = await voice.run(["login guest", "mode voice", "category country", "start 1",
                                              "answer --audio \(file.path)", "state"])
            #expect(heard.contains("The speech recognition server (--asr-url) failed"), "\(heard)")
            #expect(heard.contains("State: question"), "\(heard)")
        }
    }
}
