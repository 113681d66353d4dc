import BrainyKit
import Foundation
import GRDB
import Synchronization
import Testing

/// Issue 25, item 6: what a language model returns is validated, cleaned and capped before anything is stored. A
/// real endpoint on 127.0.0.1 answers with garbage (escape sequences, NUL, bidirectional controls, 100 KB strings,
/// ten thousand questions when three were asked for); the test then reads what the database file holds.
@Suite(.serialized) struct LanguageModelGarbageTests {
    /// The questions AI mode stored from the model, as the file holds them (their JSON bodies).
    static func stored(in script: ShellScript) throws -> [String] {
        let queue = try DatabaseQueue(path: script.path)
        return try queue.read { db in
            try Data.fetchAll(db, sql: "SELECT body FROM question WHERE packId = 'ai-llm'")
                .map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The decoded texts of the stored questions.
    static func storedTexts(in script: ShellScript) throws -> [Question.Text] {
        struct Body: Decodable { var ko: Question.Text; var en: Question.Text }
        return try stored(in: script).flatMap { body -> [Question.Text] in
            let decoded = try JSONDecoder().decode(Body.self, from: Data(body.utf8))
            return [decoded.ko, decoded.en]
        }
    }

    static func reply(_ questions: [[String: Any]]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["questions": questions]), as: UTF8.self)
    }

    static func question(_ number: Int, _ ko: String = "", _ en: String = "", option: String = "") -> [String: Any] {
        ["difficulty": "easy",
         "ko": LanguageModelEndpointTests.text("가짜 질문 \(number)번\(ko)?", "가\(number)", ["가\(number)", "나\(number)", "다\(number)", "라\(number)\(option)"]),
         "en": LanguageModelEndpointTests.text("Made-up question number \(number)\(en)?", "a\(number)",
                                               ["a\(number)", "b\(number)", "c\(number)", "d\(number)\(option)"])]
    }

    func run(_ reply: String, count: Int = 3) async throws -> (output: String, texts: [Question.Text], script: ShellScript) {
        let result = Mutex<(String, [Question.Text], ShellScript)?>(nil)
        try await LanguageModelEndpointTests().withEndpoint { endpoint, port in
            let script = try ShellScript()
            script.aiURL = "http://127.0.0.1:\(port)/v1"
            endpoint.reply = .content(reply)
            let (status, output) = await script.run(["login guest", "mode ai", "category person", "start \(count)"])
            #expect(status == 0, "\(output)")
            let texts = try Self.storedTexts(in: script)
            result.withLock { $0 = (output, texts, script) }
        }
        return try #require(result.withLock { $0 })
    }

    static func holdsNothingHidden(_ text: Question.Text) -> Bool {
        ([text.text, text.answer, text.explanation] + text.options + text.alternatives).allSatisfy { field in
            !field.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value) || [0x200B, 0xFEFF, 0x00AD].contains(scalar.value)
            }
        }
    }

    @Test func escapesNulAndBidirectionalControlsAreCleanedBeforeTheQuestionIsStored() async throws {
        let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
        let reply = try Self.reply([
            Self.question(1, osc52, osc52),
            Self.question(2, "\u{0}\u{1B}[2J", "\u{0}\u{1B}]0;owned\u{07}", option: "\u{202E}"),
            Self.question(3, "\u{2066}\u{200B}", "\u{FEFF}\u{00AD}"),
        ])
        let (output, texts, _) = try await run(reply)
        #expect(output.contains("3 questions made"), "\(output)")
        #expect(texts.count == 6)
        #expect(texts.allSatisfy(Self.holdsNothingHidden), "\(texts)")
        #expect(texts.contains { $0.text == "Made-up question number 1?" })
    }

    @Test func aHundredKilobyteStringIsRefusedNotStored() async throws {
        let huge = String(repeating: "x", count: 100_000)
        let reply = try Self.reply([Self.question(1, huge, huge), Self.question(2, "", "", option: huge), Self.question(3)])
        let (output, texts, script) = try await run(reply)
        #expect(output.contains("1 question made (2 failed the checks and were dropped)."), "\(output)")
        #expect(texts.count == 2)
        let longest = try Self.stored(in: script).map(\.utf8.count).max() ?? 0
        #expect(longest < 4_000, "a stored question's body is \(longest) bytes")
    }

    @Test func noMoreAreStoredThanWereAskedFor() async throws {
        let reply = try Self.reply((1...10_000).map { Self.question($0) })
        let (output, texts, _) = try await run(reply, count: 3)
        #expect(texts.count == 3 * 2, "3 questions in two languages, not \(texts.count / 2)")
        #expect(output.contains("3 questions made."), "\(output)")
        #expect(output.contains("9997 more than were asked for came back and were left unread."), "\(output)")
    }
}
