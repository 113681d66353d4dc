import BrainyKit
import Foundation

/// Turns a spoken answer into text, listening for the words `grammar` allows.
protocol SpeechRecognizer {
    /// Whether it has a model for `language` (asked before listening, so nobody speaks for nothing).
    func recognizes(_ language: Language) -> Bool
    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String
}

/// PocketSphinx (Debian `pocketsphinx`, `pocketsphinx-en-us`) with a finite-state grammar made for the question: the
/// phrases that are answers, and beside them a loop of single phones that hears everything else (another word, a
/// sentence, noise), so that what is no answer is not forced onto the nearest option. It wants 16 kHz mono 16-bit
/// audio: sox converts, within a deadline, what `WAVFile` has checked.
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
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("answer.wav")
        try ExternalProgram.sox.run(["-q", file.path, "-r", "16000", "-c", "1", "-b", "16", audio.path])
        // Only the grammar's words, pronounced by the CMU dictionary or, for the names it lacks, by eSpeak NG; and
        // the garbage loop's phones.
        let pronunciations = PronouncingDictionary(words: grammar.words, cmu: URL(fileURLWithPath: Self.dictionary))
        let dictionary = folder.appendingPathComponent("answer.dict")
        let garbage = AnswerGrammar.garbage.map { "\($0.0) \($0.1)" }.joined(separator: "\n") + "\n"
        try (pronunciations.text + garbage).write(to: dictionary, atomically: true, encoding: .utf8)
        let fsg = folder.appendingPathComponent("answer.fsg")
        try grammar.fsg(keeping: pronunciations.words).write(to: fsg, atomically: true, encoding: .utf8)
        let output = try ExternalProgram.pocketsphinx.run(["-infile", audio.path, "-fsg", fsg.path, "-dict",
                                                           dictionary.path, "-time", "yes", "-logfn", "/dev/null"])
        let sound = try WAVFile.read(audio)
        return Recognition(output).accepted(loudness: sound.loudness())
    }
}

/// What PocketSphinx printed with `-time yes` (a line of words for each stretch of speech, then each word with its
/// start and end in seconds), and the rule that decides whether it heard an answer.
struct Recognition: Equatable {
    struct Word: Equatable {
        let text: String
        let start: Double
        let end: Double
    }

    /// The words heard, silences and fillers left out.
    let words: [Word]

    init(_ output: String) {
        words = output.split(separator: "\n").compactMap { line -> Word? in
            let fields = line.split(separator: " ")
            guard fields.count == 4, let start = Double(fields[1]), let end = Double(fields[2]), Double(fields[3]) != nil,
                  fields[1].contains(".") else { return nil }
            // A word said by its second pronunciation is printed "mozart(2)".
            var text = String(fields[0])
            if text.hasSuffix(")"), let open = text.lastIndex(of: "("), open != text.startIndex {
                text = String(text[..<open])
            }
            guard !text.hasPrefix("<"), !text.hasPrefix("["), !text.hasPrefix("("), !text.hasPrefix("+") else { return nil }
            return Word(text: text, start: start, end: end)
        }
    }

    /// Speech the loop of phones took is no answer.
    var isGarbage: Bool { words.contains { $0.text.hasPrefix("g_") } }

    /// At most this share of the loud frames may lie outside the words heard (a word's fading tail is often taken for
    /// silence, so that half is common): more, and the phrase was not what was
    /// said but what was left after the rest was taken for silence (measured: docs/voice.md).
    static let loudOutsideLimit = 0.7

    /// Frames at or below this loudness (RMS, -50 dBFS) are quiet.
    static let quiet = 0.003

    /// The words heard when they are an answer, else "": nothing, the garbage loop, or a phrase that covers too
    /// little of the loud sound (`loudness`: one value a 10 ms frame).
    func accepted(loudness: [Double]) -> String {
        guard !words.isEmpty, !isGarbage, !Self.isSteady(loudness) else { return "" }
        let peak = loudness.max() ?? 0
        // Nothing louder than a whisper far from the microphone (-50 dBFS): silence, whatever the decoder made of it.
        guard peak > Self.quiet else { return "" }
        let loud = loudness.indices.filter { loudness[$0] > max(0.1 * peak, Self.quiet) }
        let outside = loud.filter { frame in
            !words.contains { frame >= Int(($0.start * 100).rounded()) && frame <= Int(($0.end * 100).rounded()) }
        }
        guard Double(outside.count) / Double(loud.count) <= Self.loudOutsideLimit else { return "" }
        return words.map(\.text).joined(separator: " ")
    }

    /// Above this, loudness moves like speech; below, it is a steady sound (noise, a hum, a tone). Measured over
    /// 100 ms windows as the spread of the loud ones (standard deviation over mean): eSpeak NG's words 0.17 and up,
    /// white, pink and brown noise 0.11 at most, a tone 0.
    static let steadyLimit = 0.15

    /// Whether the sound is steady rather than speech: speech rises and falls with its syllables.
    static func isSteady(_ loudness: [Double]) -> Bool {
        let windows = stride(from: 0, to: loudness.count - 9, by: 5).map { start in
            (loudness[start..<start + 10].reduce(0) { $0 + $1 * $1 } / 10).squareRoot()
        }
        let peak = windows.max() ?? 0
        let loud = windows.filter { $0 > max(0.1 * peak, quiet) }
        guard loud.count >= 2 else { return false }
        let mean = loud.reduce(0, +) / Double(loud.count)
        let spread = (loud.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(loud.count)).squareRoot()
        return spread / mean < steadyLimit
    }
}
