import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `BRAINY_ASR_KEEP` copies a player's recorded answers to a folder the environment names: a measuring hook for
/// `scripts/voice_rejection.py --keep`, honoured only by a debug build. A release build (what a player runs) ignores
/// the variable; the build is the one thing injected here, the recognition is the real one (eSpeak NG, sox,
/// PocketSphinx).
@Suite final class KeptDecodingsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Recognizes "two" for the Japan question with the folder the environment names, read as a release or a debug
    /// build reads it; returns whether the answer's files were copied there.
    func recognize(debugBuild: Bool) throws -> Bool {
        let kept = folder.appendingPathComponent(debugBuild ? "debug" : "release")
        let environment = ["BRAINY_ASR_KEEP": kept.path]
        let spoken = folder.appendingPathComponent("two-\(debugBuild).wav")
        try ExternalProgram.espeak.run(["-v", "en-us", "-s", "150", "-w", spoken.path, "--", "two"])
        let recognizer = PocketSphinxRecognizer(
            keptDecodings: PocketSphinxRecognizer.measuringFolder(environment: environment, debugBuild: debugBuild))
        let grammar = AnswerGrammar(for: VoiceModeTests.play(VoiceModeTests.japan, type: .voice), language: .en)
        _ = try recognizer.recognize(spoken, grammar: grammar, language: .en)
        return FileManager.default.fileExists(atPath: kept.appendingPathComponent("answer.wav").path)
    }

    @Test func aReleaseBuildIgnoresTheVariable() throws {
        #expect(try recognize(debugBuild: false) == false)
        #expect(PocketSphinxRecognizer.measuringFolder(environment: ["BRAINY_ASR_KEEP": "/tmp/k"], debugBuild: false) == nil)
    }

    @Test func aDebugBuildKeepsTheAnswersWhereTheVariableSays() throws {
        #expect(try recognize(debugBuild: true))
        #expect(PocketSphinxRecognizer.measuringFolder(environment: ["BRAINY_ASR_KEEP": "/tmp/k"], debugBuild: true)
                == URL(fileURLWithPath: "/tmp/k"))
        #expect(PocketSphinxRecognizer.measuringFolder(environment: ["BRAINY_ASR_KEEP": ""], debugBuild: true) == nil)
        #expect(PocketSphinxRecognizer.measuringFolder(environment: [:], debugBuild: true) == nil)
    }
}
