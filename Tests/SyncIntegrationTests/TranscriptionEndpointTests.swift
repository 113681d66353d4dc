import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `--asr-url`: spoken answers sent to an OpenAI-compatible transcription endpoint. No such service can be reached
/// from here, so a test server on 127.0.0.1 speaks its protocol (`POST /v1/audio/transcriptions`, multipart form with
/// `file`, `model`, `language`, `prompt`; `{"text": …}` back); what it sends back goes through the shell's own checks.
@Suite(.serialized) struct TranscriptionEndpointTests {
    /// What the test endpoint answers, and what it was sent.
    final class Endpoint: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var _reply: Reply = .text("")
        private var _requests: [String] = []
        enum Reply { case text(String), status(Int), garbage, slow }

        var reply: Reply {
            get { lock.withLock { _reply } }
            set { lock.withLock { _reply = newValue } }
        }
        var requests: [String] { lock.withLock { _requests } }
        func note(_ body: String) { lock.withLock { _requests.append(body) } }
    }

    func withEndpoint(_ body: @Sendable (Endpoint, Int) async throws -> Void) async throws {
        let endpoint = Endpoint()
        let router = Router()
        router.post("/v1/audio/transcriptions") { request, _ -> Response in
            let data = try await request.body.collect(upTo: 4 << 20)
            endpoint.note(String(decoding: data.readableBytesView, as: UTF8.self))
            switch endpoint.reply {
            case let .text(text):
                let json = try JSONEncoder().encode(TranscriptionResponse(text: text))
                return Response(status: .ok, headers: [.contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(bytes: json)))
            case let .status(code):
                return Response(status: .init(code: code))
            case .garbage:
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>not json</html>")))
            case .slow:
                // Longer than the shell's deadline (half a second in these tests).
                try await Task.sleep(for: .seconds(2))
                return Response(status: .ok)
            }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(endpoint, try #require(client.port))
        }
    }

    /// A WAV file to send (its words do not matter: the endpoint's reply does).
    func recording() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-asr-\(UUID().uuidString).wav")
        try Data(Self.silentWAV).write(to: file)
        return file
    }

    /// A tenth of a second of silence, 16 kHz mono 16-bit.
    static let silentWAV: [UInt8] = {
        let samples = 1600
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8((value >> (8 * $0)) & 0xff) } }
        return Array("RIFF".utf8) + le(36 + samples * 2, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2)
            + le(16000, 4) + le(32000, 4) + le(2, 2) + le(16, 2) + Array("data".utf8) + le(samples * 2, 4)
            + [UInt8](repeating: 0, count: samples * 2)
    }()

    @Test func whatTheEndpointHearsIsCheckedAndGradedLikePocketSphinxsText() async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.asrURL = "http://127.0.0.1:\(port)/v1"
            let file = try recording()
            defer { try? FileManager.default.removeItem(at: file) }
            endpoint.reply = .text(" Two.\n")
            let (status, output) = await script.run(["login guest", "mode voice", "category country", "start 1",
                                                     "answer --audio \(file.path)"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("I heard: Two."), "\(output)")
            #expect(output.contains("Correct!") || output.contains("Not quite."), "graded as option 2")
            let sent = try #require(endpoint.requests.first)
            #expect(sent.contains("name=\"model\"\r\n\r\nwhisper-1") && sent.contains("name=\"language\"\r\n\r\nen"))
            #expect(sent.contains("name=\"file\"; filename=\"answer.wav\"") && sent.contains("RIFF"))
            #expect(sent.contains("name=\"prompt\"\r\n\r\none,"), "the grammar's phrases go along as the prompt")
        }
    }

    @Test func inKoreanTheEndpointRecognizesWhatPocketSphinxCannot() async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.asrURL = "http://127.0.0.1:\(port)"
            script.language = .ko
            let file = try recording()
            defer { try? FileManager.default.removeItem(at: file) }
            endpoint.reply = .text("2번")
            let (status, output) = await script.run(["login guest", "mode voice", "category country", "start 1",
                                                     "answer --audio \(file.path)", "history"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("들은 말: 2번"), "\(output)")
            #expect(output.contains("정답입니다") || output.contains("아쉽"), "\(output)")
        }
    }

    @Test(arguments: ["500", "garbage", "slow", "down", "escape"])
    func aFailingEndpointIsSaidPlainlyAndTheQuestionStaysOpen(_ failure: String) async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.keepGoing = true
            // Only the slow endpoint needs a short limit; the others answer at once, and on a loaded machine a
            // short limit would turn their answer into a timeout.
            script.asrTimeout = failure == "slow" ? 0.5 : 60
            script.asrURL = failure == "down" ? "http://127.0.0.1:1/v1" : "http://127.0.0.1:\(port)/v1"
            switch failure {
            case "500": endpoint.reply = .status(500)
            case "garbage": endpoint.reply = .garbage
            case "escape": endpoint.reply = .text("\u{1B}]0;pwned\u{07}\u{1B}[31m")
            default: endpoint.reply = .slow
            }
            let file = try recording()
            defer { try? FileManager.default.removeItem(at: file) }
            let (_, output) = await script.run(["login guest", "mode voice", "category country", "start 1",
                                                "answer --audio \(file.path)", "state"])
            if failure == "escape" {
                #expect(!output.contains("\u{1B}"), "nothing from the endpoint reaches the terminal raw")
                #expect(output.contains("I did not catch an answer"), "\(output)")
            } else {
                #expect(output.contains("The speech recognition server (--asr-url) failed"), "\(output)")
            }
            #expect(output.contains("State: question"), "\(output)")
        }
    }

    @Test func theEndpointIsFoundFromABaseOrTheFullPath() {
        #expect(HTTPSpeechTranscription.endpoint(for: "http://h:8000") == "http://h:8000/v1/audio/transcriptions")
        #expect(HTTPSpeechTranscription.endpoint(for: "http://h:8000/v1/") == "http://h:8000/v1/audio/transcriptions")
        #expect(HTTPSpeechTranscription.endpoint(for: "https://h/v1/audio/transcriptions")
                == "https://h/v1/audio/transcriptions")
    }
}
