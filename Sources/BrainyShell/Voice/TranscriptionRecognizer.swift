import BrainyAPI
import BrainyKit
import Foundation

/// Spoken answers sent to an OpenAI-compatible transcription endpoint (`--asr-url`: a local Whisper server, say),
/// in any language it knows. The grammar's phrases go along as the prompt; what comes back is checked like
/// PocketSphinx's text. Ctrl-C stops the request and keeps the shell.
struct TranscriptionRecognizer: SpeechRecognizer {
    let api: any SpeechTranscriptionAPI

    func recognizes(_ language: Language) -> Bool { true }

    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String {
        let wav: Data
        do { wav = try Data(contentsOf: file) } catch { throw ShellError.fileNotReadable(file.path) }
        let prompt = grammar.phrases.map { $0.words.joined(separator: " ") }.joined(separator: ", ")
        let api = self.api
        let call = InterruptibleWait()
        defer { call.finish() }
        do {
            return try call.run { try await api.transcribe(wav: wav, language: language, prompt: prompt) }
        } catch .cancelled {
            throw ShellError.listeningStopped
        } catch let .timedOut(seconds) {
            throw ShellError.transcriptionFailed("no answer within \(seconds) s")
        } catch .unreachable {
            // The transport's own words ("connection reset (error set)…") say nothing to a person.
            throw ShellError.transcriptionFailed("could not connect: check that it is running and that the address is right")
        } catch let .server(status, _, message, _, _) {
            throw ShellError.transcriptionFailed("HTTP \(status) \(message)")
        } catch .badResponse {
            throw ShellError.transcriptionFailed("its reply could not be read")
        }
    }
}
