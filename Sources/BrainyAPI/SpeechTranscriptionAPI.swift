import BrainyKit
import Foundation

/// A speech recognizer behind an OpenAI-compatible transcription endpoint (`POST …/v1/audio/transcriptions`), such as
/// a local Whisper server: the shell's `--asr-url`. What it hears goes through the same checks as PocketSphinx's.
public protocol SpeechTranscriptionAPI: Sendable {
    /// The text heard in `wav` (a WAV file's bytes); `prompt` lists the words the answer may use, as a hint.
    func transcribe(wav: Data, language: Language, prompt: String) async throws(RemoteError) -> String
}

/// The endpoint's JSON answer (`response_format=json`).
public struct TranscriptionResponse: Codable, Sendable, Equatable {
    public var text: String

    public init(text: String) { self.text = text }
}
