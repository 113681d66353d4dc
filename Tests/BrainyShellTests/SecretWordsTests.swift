import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// Issue 25, item 9: which typed words may be a password, what the history and a transcript keep instead.
@Suite struct SecretWordsTests {
    @Test(arguments: ["login hunter2", "signin hunter2", "login email hunter2", "login email mina@example.com hunter2",
                      "register hunter2", "register mina@example.com hunter2", "login guest hunter2",
                      "settings server http://mina:hunter2@127.0.0.1:8080", "settings ai https://k@h/v1",
                      "state; login hunter2"])
    func aLineThatMayHoldAPasswordIsSeen(_ line: String) {
        #expect(SecretWords.mayHoldSecret(line))
    }

    @Test(arguments: ["login guest", "login email", "login email mina@example.com", "register", "register mina@example.com",
                      "login google", "settings server http://127.0.0.1:8080", "start 3", "hunter2", "history all"])
    func anOrdinaryLineIsKept(_ line: String) {
        #expect(!SecretWords.mayHoldSecret(line))
    }

    @Test func aRecordedCommandHoldsPlaceholdersTheSameSecretTheSameOne() {
        var seen: [String: String] = [:]
        func placeholder(_ secret: String) -> String {
            if let known = seen[secret] { return known }
            seen[secret] = "transcript-secret-\(seen.count + 1)"
            return seen[secret]!
        }
        #expect(SecretWords.masked("login hunter2", placeholder: placeholder) == "login transcript-secret-1")
        #expect(SecretWords.masked("register 'my secret' x", placeholder: placeholder)
                == "register transcript-secret-2 transcript-secret-3")
        #expect(SecretWords.masked("login email a@b.co hunter2", placeholder: placeholder)
                == "login email a@b.co transcript-secret-1")
        #expect(SecretWords.masked("settings server http://u:p@h:1", placeholder: placeholder) == "settings server http://***@h:1")
        #expect(SecretWords.masked("login guest", placeholder: placeholder) == nil)
    }

    @Test func theRecorderKeepsPlaceholdersForPromptsAndTheOutputThatRepeatsThem() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-secret-\(UUID().uuidString).transcript")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = TranscriptRecorder(file: file, header: Transcript.Header(
            seed: 1, clock: Date(timeIntervalSince1970: 0), language: .en, timeZone: .gmt, qa: false))
        recorder.noteInput("hunter2hunter2", secret: true)
        recorder.noteInput("hunter2hunter2", secret: true)
        try recorder.add(command: "register mina@example.com", output: "Created the account mina@example.com.")
        try recorder.add(command: "login Hunter2Hunter2", output: "'hunter2hunter2' is not a sign-in method.")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.lowercased().contains("hunter2"), "\(text)")
        #expect(text.contains("<! transcript-secret-1\n<! transcript-secret-1\n"), "\(text)")
        #expect(text.contains("$ login transcript-secret-2\n'transcript-secret-2' is not"), "the command's own secret first: \(text)")
        let parsed = try Transcript.parse(text)
        #expect(parsed.entries[0].secretInputs == [0, 1])
        #expect(parsed.entries[0].inputs == ["transcript-secret-1", "transcript-secret-1"])
        #expect(parsed.text == text, "a transcript reads back as written")
    }
}
