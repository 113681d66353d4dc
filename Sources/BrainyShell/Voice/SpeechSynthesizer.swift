import BrainyKit
import Foundation

/// Turns text into speech in a WAV file.
protocol SpeechSynthesizer {
    /// The voice's name for `language` (part of the cache key).
    func voice(for language: Language) -> String
    func synthesize(_ text: String, language: Language, wordsPerMinute: Int, to file: URL) throws
}

/// eSpeak NG (Debian `espeak-ng`): Korean and English voices, fast, offline.
struct ESpeakSynthesizer: SpeechSynthesizer {
    var program = ExternalProgram.espeak

    /// US English, as the recognizer's model is.
    func voice(for language: Language) -> String { language == .ko ? "ko" : "en-us" }

    func synthesize(_ text: String, language: Language, wordsPerMinute: Int, to file: URL) throws {
        try program.run(["-v", voice(for: language), "-s", String(wordsPerMinute), "-w", file.path, "--", text])
    }
}
