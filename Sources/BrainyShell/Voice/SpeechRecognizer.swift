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
/// sentence, noise), so that what is no answer is not forced onto the nearest option. A second pass decodes the same
/// sound as free phones, weighted by the model's own phone trigrams (PocketSphinx's allphone search): a phrase is kept
/// only when its acoustic score is near what those phones score on the same frames (`Recognition.confidence`). It
/// wants 16 kHz mono 16-bit audio: sox converts, within a deadline, what `WAVFile` has checked.
struct PocketSphinxRecognizer: SpeechRecognizer {
    static let dictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
    /// The model's phone trigrams, for the free phones a phrase is weighed against.
    static let phones = "/usr/share/pocketsphinx/model/en-us/en-us-phone.lm.bin"

    /// Where each answer's decoding folder (the recorded answer, grammar, dictionary, decodings) is copied, for
    /// measuring (`scripts/voice_rejection.py --keep`); nil in a player's run.
    var keptDecodings: URL? = Self.measuringFolder()

    /// `BRAINY_ASR_KEEP`, honoured only by a debug build (the one the measuring scripts run): a release build, which
    /// is what a player runs, never copies their recorded answers to a folder the environment names.
    static func measuringFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                debugBuild: Bool = isDebugBuild) -> URL? {
        guard debugBuild, let path = environment["BRAINY_ASR_KEEP"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// US English only: Debian has no Korean model.
    func recognizes(_ language: Language) -> Bool { language == .en }

    func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String {
        guard language == .en else { throw ShellError.noRecognizer(language) }
        guard FileManager.default.fileExists(atPath: Self.dictionary), FileManager.default.fileExists(atPath: Self.phones) else {
            throw ShellError.programMissing("the US English model", package: "pocketsphinx-en-us")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-asr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        // For measuring: the decodings and what they heard are kept there.
        defer { if let keptDecodings { try? FileManager.default.copyItem(at: folder, to: keptDecodings) } }
        let audio = folder.appendingPathComponent("answer.wav")
        // -R: sox dithers when it resamples, with a new random seed each run unless told to repeat; the same file
        // was then heard as "one" in one run and refused in the next (the generated paths' check caught it).
        try ExternalProgram.sox.run(["-q", "-R", file.path, "-r", "16000", "-c", "1", "-b", "16", audio.path])
        // The decoder reads raw samples, the whole utterance normalized at once (batch CMN).
        try ExternalProgram.sox.run(["-q", "-R", audio.path, "-e", "signed", "-t", "raw",
                                     folder.appendingPathComponent("answer.raw").path])
        try "answer\n".write(to: folder.appendingPathComponent("answer.ctl"), atomically: true, encoding: .utf8)
        // Only the grammar's words (and the phrases eSpeak NG pronounces whole), pronounced by the CMU dictionary or,
        // for the names it lacks, by eSpeak NG; and the garbage loop's phones.
        let pronunciations = PronouncingDictionary(words: grammar.words, phrases: grammar.texts,
                                                   cmu: URL(fileURLWithPath: Self.dictionary))
        let dictionary = folder.appendingPathComponent("answer.dict")
        let garbage = AnswerGrammar.garbage.map { "\($0.0) \($0.1)" }.joined(separator: "\n") + "\n"
        try (pronunciations.text + garbage).write(to: dictionary, atomically: true, encoding: .utf8)
        func decode(_ name: String, _ search: [String]) throws -> Recognition {
            let segments = folder.appendingPathComponent("\(name).seg")
            try ExternalProgram.pocketsphinx.run([
                "-adcin", "yes", "-cepdir", folder.path, "-cepext", ".raw", "-ctl", folder.appendingPathComponent("answer.ctl").path,
                // Every frame kept (no voice-activity cut), so that frames count from the start of the sound.
                "-cmn", "batch", "-remove_silence", "no", "-hypseg", segments.path, "-logfn", "/dev/null"] + search)
            return Recognition(hypseg: (try? String(contentsOf: segments, encoding: .utf8)) ?? "")
        }
        let fsg = folder.appendingPathComponent("answer.fsg")
        try grammar.fsg(keeping: pronunciations.words).write(to: fsg, atomically: true, encoding: .utf8)
        let heard = try decode("answer", ["-compallsen", "yes", "-fsg", fsg.path, "-dict", dictionary.path])
        // The free phones are decoded only when a phrase won. Beams narrower than the default's 1e-48 and the
        // trigrams weighted twice: a quarter of the time, and the phones the measurements were made with (docs/voice.md).
        guard !heard.words.isEmpty, !heard.isGarbage else { return "" }
        let loop = try decode("phones", ["-allphone", Self.phones, "-beam", "1e-10", "-pbeam", "1e-10", "-lw", "2.0"])
        let sound = try WAVFile.read(audio)
        return heard.accepted(loudness: sound.loudness(), loop: loop)
    }
}

/// What PocketSphinx printed in its `-hypseg` file (`utt S 0 T total A acoustic L language`, then for each word its
/// first frame, acoustic and language scores and text, then the last frame; a frame is 10 ms), and the rule that
/// decides whether it heard an answer.
struct Recognition: Equatable {
    struct Word: Equatable {
        let text: String
        /// First and last frame (10 ms each).
        let first: Int
        let last: Int
        /// Acoustic score over its frames (log, PocketSphinx's scale: higher is better).
        let score: Int

        var start: Double { Double(first) / 100 }
        var end: Double { Double(last + 1) / 100 }
    }

    /// Every segment decoded, silences and fillers included.
    let segments: [Word]
    /// The words heard, silences and fillers left out.
    var words: [Word] { segments.filter { !Self.isFiller($0.text) } }

    init(segments: [Word]) { self.segments = segments }

    init(hypseg: String) {
        guard let line = hypseg.split(separator: "\n").first else { segments = []; return }
        let fields = line.split(separator: " ").map(String.init)
        // utt S n T total A acoustic L language, then (frame acoustic language word)*, then the end frame.
        guard fields.count >= 10, fields[1] == "S", fields[3] == "T", let end = Int(fields[fields.count - 1]) else {
            segments = []
            return
        }
        let rest = Array(fields[9..<(fields.count - 1)])
        var found: [(text: String, first: Int, score: Int)] = []
        for index in stride(from: 0, to: rest.count - 3, by: 4) {
            guard let first = Int(rest[index]), let score = Int(rest[index + 1]) else { break }
            // A word said by its second pronunciation is printed "mozart(2)".
            var text = rest[index + 3]
            if text.hasSuffix(")"), let open = text.lastIndex(of: "("), open != text.startIndex {
                text = String(text[..<open])
            }
            found.append((text, first, score))
        }
        segments = found.enumerated().map { index, word in
            let last = index + 1 < found.count ? found[index + 1].first - 1 : end
            return Word(text: word.text, first: word.first, last: max(word.first, last), score: word.score)
        }
    }

    static func isFiller(_ text: String) -> Bool {
        text.hasPrefix("<") || text.hasPrefix("[") || text.hasPrefix("(") || text.hasPrefix("+")
    }

    /// The acoustic score of frames `first...last`, each segment counted for the share of its frames inside.
    func score(from first: Int, to last: Int) -> Double {
        segments.reduce(0) { total, segment in
            let inside = min(segment.last, last) - max(segment.first, first) + 1
            guard inside > 0 else { return total }
            return total + Double(segment.score) * Double(inside) / Double(segment.last - segment.first + 1)
        }
    }

    /// How much worse, a frame, the words heard score than free phones (`loop`, the allphone decoding) on the same
    /// frames: near 0 when the words explain the sound as well as free phones do, far below when the sound was
    /// something else forced onto them.
    func confidence(against loop: Recognition) -> Double {
        guard let first = words.first?.first, let last = words.last?.last else { return -.infinity }
        let said = Double(words.reduce(0) { $0 + $1.score })
        return (said - loop.score(from: first, to: last)) / Double(last - first + 1)
    }

    /// Below this `confidence` the words are no answer (measured with scripts/voice_rejection.py: docs/voice.md).
    static let leastConfidence = -50.0

    /// Speech the loop of phones took is no answer.
    var isGarbage: Bool { words.contains { Self.garbage.contains($0.text) } }
    private static let garbage = Set(AnswerGrammar.garbage.map(\.0))

    /// At most this share of the loud frames may lie outside the words heard (a word's fading tail is often taken for
    /// silence): more, and the phrase was not what was
    /// said but what was left after the rest was taken for silence (measured: docs/voice.md).
    static let loudOutsideLimit = 0.3

    /// Frames at or below this loudness (RMS, -50 dBFS) are quiet.
    static let quiet = 0.003

    /// The words heard when they are an answer, else "": nothing, the garbage loop, a phrase that scores far below
    /// free phones on its frames (`loop`), or a phrase that covers too little of the loud sound (`loudness`: one value
    /// a 10 ms frame). A phrase pronounced whole ("23_5") is given back as its words ("23 5").
    func accepted(loudness: [Double], loop: Recognition) -> String {
        guard !words.isEmpty, !isGarbage, !Self.isSteady(loudness),
              confidence(against: loop) >= Self.leastConfidence else { return "" }
        let peak = loudness.max() ?? 0
        // Nothing louder than a whisper far from the microphone (-50 dBFS): silence, whatever the decoder made of it.
        guard peak > Self.quiet else { return "" }
        let loud = loudness.indices.filter { loudness[$0] > max(0.1 * peak, Self.quiet) }
        let outside = loud.filter { frame in
            !words.contains { frame >= $0.first && frame <= $0.last }
        }
        guard Double(outside.count) / Double(loud.count) <= Self.loudOutsideLimit else { return "" }
        return words.map { $0.text.replacingOccurrences(of: "_", with: " ") }.joined(separator: " ")
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
