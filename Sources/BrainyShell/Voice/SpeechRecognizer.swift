import BrainyKit
import Foundation

/// Turns a spoken answer into text, listening for the words `grammar` allows.
protocol SpeechRecognizer {
    /// Whether it has a model for `language` (asked before listening, so nobody speaks for nothing).
    func recognizes(_ language: Language) -> Bool
    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String
}

/// PocketSphinx (Debian `pocketsphinx`, `pocketsphinx-en-us`) with a JSGF grammar made for the question: fast and
/// robust for the few phrases an answer can be. It wants 16 kHz mono 16-bit audio: sox converts.
struct PocketSphinxRecognizer: SpeechRecognizer {
    static let dictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    /// US English only: Debian has no Korean model.
    func recognizes(_ language: Language) -> Bool { language == .en }

    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String {
        guard language == .en else { throw ShellError.noRecognizer(language) }
        guard FileManager.default.fileExists(atPath: Self.dictionary) else {
            throw ShellError.programMissing("the US English model", package: "pocketsphinx-en-us")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-asr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("answer.wav")
        try ExternalProgram.sox.run([file.path, "-r", "16000", "-c", "1", "-b", "16", audio.path])
        // Only the grammar's words, pronounced by the CMU dictionary or, for the names it lacks, by eSpeak NG.
        let pronunciations = PronouncingDictionary(words: grammar.words, cmu: URL(fileURLWithPath: Self.dictionary))
        let dictionary = folder.appendingPathComponent("answer.dict")
        try pronunciations.text.write(to: dictionary, atomically: true, encoding: .utf8)
        let jsgf = folder.appendingPathComponent("answer.jsgf")
        try grammar.jsgf(keeping: pronunciations.words).write(to: jsgf, atomically: true, encoding: .utf8)
        let output = try ExternalProgram.pocketsphinx.run(["-infile", audio.path, "-jsgf", jsgf.path, "-dict",
                                                           dictionary.path, "-logfn", "/dev/null"])
        return output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("INFO") }.joined(separator: " ")
    }
}
