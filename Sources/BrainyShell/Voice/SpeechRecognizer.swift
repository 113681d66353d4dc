import BrainyKit
import Foundation

/// Turns a spoken answer into text, listening for the words `grammar` allows.
protocol SpeechRecognizer {
    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String
}

/// PocketSphinx (Debian `pocketsphinx`, `pocketsphinx-en-us`) with a JSGF grammar made for the question: fast and
/// robust for the few phrases an answer can be. It wants 16 kHz mono 16-bit audio: sox converts.
struct PocketSphinxRecognizer: SpeechRecognizer {
    static let dictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

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
        let known = Self.knownWords(grammar.words)
        let jsgf = folder.appendingPathComponent("answer.jsgf")
        try grammar.jsgf(keeping: known).write(to: jsgf, atomically: true, encoding: .utf8)
        let output = try ExternalProgram.pocketsphinx.run(["-infile", audio.path, "-jsgf", jsgf.path, "-dict",
                                                           Self.dictionary, "-logfn", "/dev/null"])
        return output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("INFO") }.joined(separator: " ")
    }

    /// The grammar's words the dictionary can pronounce (a word it cannot is left out of the grammar).
    static func knownWords(_ words: Set<String>) -> Set<String> {
        guard let dictionary = try? Data(contentsOf: URL(fileURLWithPath: dictionary), options: .mappedIfSafe) else { return [] }
        // Each entry is a line `word PH ON EM ES`: a word is known when a line starts with it and a space.
        return words.filter { word in
            dictionary.starts(with: Data((word + " ").utf8)) || dictionary.range(of: Data(("\n" + word + " ").utf8)) != nil
        }
    }
}
