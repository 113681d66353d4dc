import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `--ai-url`: AI mode's questions from a language model behind an OpenAI-compatible chat-completions endpoint. None
/// can be reached from here, so a test server on 127.0.0.1 speaks the protocol (`POST /v1/chat/completions`, a
/// `response_format` with the JSON schema, the reply in `choices[0].message.content`); the shell validates what comes
/// back like a pack's questions and falls back to the bundled knowledge base when the model fails.
@Suite(.serialized) struct LanguageModelEndpointTests {
    final class Endpoint: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var _reply: Reply = .content("")
        private var _requests: [String] = []
        enum Reply { case content(String), status(Int), slow }

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
        router.post("/v1/chat/completions") { request, _ -> Response in
            let data = try await request.body.collect(upTo: 1 << 20)
            endpoint.note(String(decoding: data.readableBytesView, as: UTF8.self))
            switch endpoint.reply {
            case let .content(content):
                let reply: [String: Any] = ["id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
                                            "choices": [["index": 0, "finish_reason": "stop",
                                                         "message": ["role": "assistant", "content": content]]]]
                return Response(status: .ok, headers: [.contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: reply))))
            case let .status(code):
                return Response(status: .init(code: code))
            case .slow:
                try await Task.sleep(for: .seconds(2))
                return Response(status: .ok)
            }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(endpoint, try #require(client.port)) }
    }

    static func text(_ text: String, _ answer: String, _ options: [String], alternatives: [String] = []) -> [String: Any] {
        ["text": text, "answer": answer, "alternatives": alternatives, "options": options, "explanation": "Because."]
    }

    /// Two good questions and one with three options (dropped).
    static let reply: String = {
        let questions: [[String: Any]] = [
            ["difficulty": "easy",
             "ko": text("세종대왕이 만든 문자는?", "훈민정음", ["훈민정음", "이두", "향찰", "구결"], alternatives: ["한글"]),
             "en": text("Which script did King Sejong create?", "Hunminjeongeum", ["Hunminjeongeum", "Idu", "Hyangchal", "Gugyeol"],
                        alternatives: ["Hangul"])],
            ["difficulty": "medium",
             "ko": text("'징비록'을 쓴 사람은?", "류성룡", ["류성룡", "이순신", "정도전", "정약용"]),
             "en": text("Who wrote the Jingbirok?", "Ryu Seong-ryong", ["Ryu Seong-ryong", "Yi Sun-sin", "Jeong Do-jeon", "Jeong Yak-yong"])],
            ["difficulty": "hard",
             "ko": text("세 개뿐인 보기?", "하나", ["하나", "둘", "셋"]),
             "en": text("Only three options?", "one", ["one", "two", "three"])],
        ]
        let data = try! JSONSerialization.data(withJSONObject: ["questions": questions])  // a literal: cannot fail
        return String(decoding: data, as: UTF8.self)
    }()

    @Test func questionsFromTheModelAreValidatedCountedAndDealtFirst() async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.aiURL = "http://127.0.0.1:\(port)/v1"
            script.qa = true
            endpoint.reply = .content(Self.reply)
            let (status, output) = await script.run(["login guest", "mode ai", "category person", "start 4", "ai log"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("2 questions made (1 failed the checks and were dropped)."), "\(output)")
            #expect(output.contains("Which script did King Sejong create?"), "the model's questions come first")
            #expect(output.contains("Prompt:") && output.contains("Reply:") && output.contains("Jingbirok"), "ai log")
            let sent = try #require(endpoint.requests.first)
            #expect(sent.contains("\"json_schema\"") && sent.contains("\"model\":\"test-model\""))
        }
    }

    /// A model's text is text from outside: escape sequences in a question, its options and its explanation (a window
    /// title, a clipboard write) never reach the terminal, in the quiz, its answer, `ai log` or `history`.
    @Test func escapeSequencesInTheModelsQuestionsNeverReachTheTerminal() async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.aiURL = "http://127.0.0.1:\(port)/v1"
            script.qa = true
            let osc = "\u{1B}]0;pwned\u{7}\u{1B}]52;c;ZXZpbA==\u{7}"
            let questions: [[String: Any]] = [
                ["difficulty": "easy",
                 "ko": Self.text("세종대왕이 만든 문자는?\(osc)", "훈민정음", ["훈민정음", "이두", "향찰", "구결\(osc)"]),
                 "en": Self.text("Which script did King Sejong create?\(osc)", "Hunminjeongeum",
                                 ["Hunminjeongeum", "Idu", "Hyangchal", "Gugyeol\(osc)"])],
            ]
            let data = try JSONSerialization.data(withJSONObject: ["questions": questions])
            endpoint.reply = .content(String(decoding: data, as: UTF8.self))
            let (status, output) = await script.run(["login guest", "mode ai", "category person", "start 2", "2", "next",
                                                     "ai log", "history 1"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("Which script did King Sejong create?"), "the question was shown")
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output)")
        }
    }

    @Test(arguments: ["garbage", "500", "slow", "down"])
    func aFailingModelFallsBackToTheKnowledgeBaseWithAMessage(_ failure: String) async throws {
        try await withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.aiTimeout = 0.5
            script.aiURL = failure == "down" ? "http://127.0.0.1:1/v1" : "http://127.0.0.1:\(port)/v1"
            switch failure {
            case "garbage": endpoint.reply = .content("Sure! Here are some questions: 1. What is…")
            case "500": endpoint.reply = .status(500)
            default: endpoint.reply = .slow
            }
            let (status, output) = await script.run(["login guest", "mode ai", "category country", "start 3", "state"])
            #expect(status == 0, "\(output)")
            #expect(output.contains("The bundled knowledge base makes the questions instead."), "\(output)")
            #expect(output.contains("State: question"), "\(output)")
        }
    }
}
