@testable import BrainyShell
import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// No message carries a library's own words: `--ai-url` at a dead port printed "(not reachable: connection reset
/// (error set): Connection refused) (errno: 111))". What failed and what to do, and nothing else.
@Suite struct LibraryWordsTests {
    static let transportWords = "connection reset (error set): Connection refused (errno: 111)"

    @Test func aDeadLanguageModelSaysItCouldNotConnectAndWhatToCheck() {
        let reason = LanguageModelQuestions.reason(.unreachable(Self.transportWords))
        for text in [reason.ko, reason.en] {
            #expect(!text.contains("errno") && !text.contains("error set") && !text.contains("Connection refused"), "\(text)")
        }
        #expect(reason.en.contains("could not connect") && reason.en.contains("--ai-url"))
        #expect(reason.ko.contains("연결할 수 없음") && reason.ko.contains("--ai-url"))
    }

    @Test func anUnreachableServerIsSaidWithoutTheTransportsDescription() {
        let message = ErrorMessage.of(RemoteError.unreachable(Self.transportWords))
        #expect(!message.en.contains("errno") && !message.ko.contains("errno"))
        #expect(message.en.contains("Cannot reach the server"))
    }

    @Test func anErrorWithoutAMessageOfItsOwnIsNamedNotDescribed() {
        struct Odd: Error, CustomStringConvertible { var description: String { Self.words } ; static let words = "EINVAL (errno: 22)" }
        let message = ErrorMessage.of(Odd())
        #expect(!message.en.contains("errno") && !message.ko.contains("errno"), "\(message.en)")
        #expect(message.en.contains("Odd") && message.en.contains("report"))
    }

    @Test func aDeadLanguageModelEndToEnd() throws {
        let shell = try ShellHarness()
        var services = shell.services()
        services.chatFactory = { url in DeadChat(url: url) }
        let session = ShellSession(services: services,
                                   options: { var options = ShellOptions(seed: 7, languageOverride: .en, timeZone: .gmt)
                                              options.aiURL = "http://127.0.0.1:1"; return options }(),
                                   reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        for command in ["login guest", "mode ai", "category country", "start 2"] { _ = try session.execute(command) }
        let said = session.console.captured
        #expect(said.contains("The language model did not help (could not connect"), "\(said)")
        #expect(!said.contains("errno") && !said.contains("error set"), "\(said)")
    }
}

/// A language model whose port answers nothing: the transport's words come back as `.unreachable`.
private struct DeadChat: ChatCompletionAPI {
    let url: String
    var model: String { "llama3.2" }
    func complete(_ messages: [ChatMessage], schemaName: String, schema: Data) async throws(RemoteError) -> String {
        throw .unreachable(LibraryWordsTests.transportWords)
    }
}
