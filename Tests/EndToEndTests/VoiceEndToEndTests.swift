import Foundation
import Testing

/// A voice quiz played through the built `brainy` on a pseudo-terminal, with spoken answers from WAV files (eSpeak NG
/// speaks them here; scripts/setup installs it with PocketSphinx and sox).
@Suite(.serialized) struct VoiceEndToEndTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-voice-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func spoken(_ word: String) throws -> URL {
        let file = home.appendingPathComponent("\(word).wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", "en-us", "-s", "140", "-w", file.path, word]
        try process.run()
        process.waitUntilExit()
        return file
    }

    @Test func aVoiceQuizIsPlayedWithSpokenAnswersAndItsSpeechWrittenOut() throws {
        let audio = home.appendingPathComponent("audio")
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en", "--seed", "11",
                        "--audio-out", audio.path],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_CACHE_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        terminal.sendLine("mode voice")
        _ = try terminal.expect("Choose a category")
        terminal.sendLine("category country")
        _ = try terminal.expect("voice · country · individual")
        terminal.sendLine("start 2")
        // The first answer from a file; the second said through `speak`'s listening, a recording standing in for the
        // microphone.
        for (number, word, command) in [(1, "two", "answer --audio"), (2, "four", "speak --from")] {
            _ = try terminal.expect("🔊 question \(number) · ")
            terminal.sendLine("\(command) \(try spoken(word).path)")
            _ = try terminal.expect("I heard: \(word)", timeout: .seconds(30))
            _ = try terminal.expect("Answer: ")
            terminal.sendLine("next")
        }
        _ = try terminal.expect("Quiz result")
        terminal.sendLine("history 1")
        _ = try terminal.expect("voice")
        terminal.sendLine("stats")
        _ = try terminal.expect("By mode")
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }
        #expect(written.count == 2)
    }
}
