import BrainyAPI
import BrainyKit
import Foundation

/// The voice side of a shell session: questions spoken (made once, kept in the cache) and played, written to a
/// folder, or shown as text alone when the machine has no audio output; spoken answers recognized. Nothing of it is
/// looked up or started until a voice quiz (or `repeat`, or a spoken answer) needs it.
final class VoiceSession {
    private let console: Console
    private let repository: any BrainyRepository
    /// `--asr-url`, and what makes its client.
    private let transcriptionURL: String?
    private let transcriptionFactory: (@Sendable (String) -> any SpeechTranscriptionAPI)?
    /// `--audio-out`.
    private let audioOut: URL?
    private let timeZone: TimeZone
    /// The user's `voice-speed` setting, in words a minute.
    private let wordsPerMinute: () -> Int
    private let synthesizer: any SpeechSynthesizer
    private let chosenRecognizer: (any SpeechRecognizer)?
    /// PocketSphinx, or the transcription endpoint given with `--asr-url`.
    private lazy var recognizer: any SpeechRecognizer = chosenRecognizer ?? {
        if let url = transcriptionURL, let factory = transcriptionFactory {
            return TranscriptionRecognizer(api: factory(url))
        }
        return PocketSphinxRecognizer()
    }()
    private let cache: SpeechCache
    private let chosenOutput: AudioOutput?
    private lazy var detected = AudioOutput.detect()
    /// Where speech goes now: `--audio-out`, else `settings voice-out`, else what the machine offers.
    private var output: AudioOutput {
        if let chosenOutput { return chosenOutput }
        if let folder = audioOut { return .folder(folder) }
        if let kept = (try? repository.syncValue(SyncKeys.voiceOut)) ?? nil {
            return .folder(URL(fileURLWithPath: kept, isDirectory: true))
        }
        return detected
    }
    /// What has been said once already (no audio output, a missing program).
    private var told: Set<String> = []

    init(console: Console, repository: any BrainyRepository, transcriptionURL: String?,
         transcriptionFactory: (@Sendable (String) -> any SpeechTranscriptionAPI)?, audioOut: URL?,
         timeZone: TimeZone, wordsPerMinute: @escaping () -> Int, synthesizer: any SpeechSynthesizer = ESpeakSynthesizer(),
         recognizer: (any SpeechRecognizer)? = nil, cache: SpeechCache = .standard(), output: AudioOutput? = nil) {
        self.console = console
        self.repository = repository
        self.transcriptionURL = transcriptionURL
        self.transcriptionFactory = transcriptionFactory
        self.audioOut = audioOut
        self.timeZone = timeZone
        self.wordsPerMinute = wordsPerMinute
        self.chosenOutput = output
        self.synthesizer = synthesizer
        self.chosenRecognizer = recognizer
        self.cache = cache
    }

    /// Speaks the open question: `🔊 question 3 · 2.1 s` (a line that prints the same on every run), then plays it or
    /// writes it out. A failure is said once and the quiz goes on in text.
    func speak(_ play: QuizPlay) {
        guard let question = play.current else { return }
        let language = console.language
        do {
            let file = try cache.speech(questionId: question.id, text: SpokenQuestion.text(of: play, in: language),
                                        language: language, wordsPerMinute: wordsPerMinute(),
                                        synthesizer: synthesizer)
            let seconds = WAVFile(contentsOf: file)?.duration ?? 0
            console.line(console.paint("🔊 " + console.text(Localized(ko: "\(play.index + 1)번 문제", en: "question \(play.index + 1)"))
                                       + " · " + String(format: "%.1f s", seconds), \.muted))
            let name = "\(play.quiz.id.prefix(8))-\(play.index + 1).wav"
            if output == .none {
                once("no-audio", Localized(
                    ko: "이 컴퓨터에는 소리를 낼 장치가 없어 문제를 글로만 보여 줍니다. --audio-out 폴더를 주면 음성을 WAV로 남깁니다.",
                    en: "No audio output on this machine: questions are shown as text. --audio-out DIR keeps each question's speech as WAV."))
            } else {
                _ = try output.deliver(file, as: name)
            }
        } catch {
            once("\(error)", ErrorMessage.of(error, timeZone: timeZone)
                 + Localized(ko: " 문제는 글로 계속됩니다.", en: " The quiz goes on in text."))
        }
    }

    /// The language a spoken answer to the open question is heard in: the interface's when the recognizer has a
    /// model for it, else English when the question has English text and options (the pack has both languages) and
    /// the recognizer knows English; nil when it has a model for neither.
    func hearingLanguage(for play: QuizPlay) -> Language? {
        let language = console.language
        if recognizer.recognizes(language) { return language }
        guard language != .en, let question = play.current, !question.en.text.isEmpty,
              !play.quiz.type.hasOptions || !question.en.options.isEmpty, recognizer.recognizes(.en) else { return nil }
        return .en
    }

    /// What was said in `file` (a recording from outside: checked, size and length limited, before anything else
    /// reads it), as the player would have typed it, and the words heard (told first).
    func answer(from file: URL, for play: QuizPlay) throws -> (answer: String, heard: String) {
        guard let language = hearingLanguage(for: play) else { throw ShellError.noRecognizer(console.language) }
        let wav = try WAVFile.read(file)
        return try inScratchFolder { folder in
            // sox and the recognizer read the bytes that were checked, not the path again.
            let checked = folder.appendingPathComponent("answer.wav")
            try wav.bytes.write(to: checked)
            return try recognize(checked, for: play, in: language)
        }
    }

    /// Listens to the microphone (or the recording standing in for it) for at most `limit` seconds, then recognizes
    /// what was said. The recognizer's language is checked first, so that nobody speaks for nothing.
    func listen(for play: QuizPlay, limit: Double, from recording: URL?) throws -> (answer: String, heard: String) {
        guard let language = hearingLanguage(for: play) else { throw ShellError.noRecognizer(console.language) }
        let checked = try recording.map { try WAVFile.read($0) }
        let microphone: Microphone? = checked == nil ? Microphone.detect() : nil
        guard checked != nil || microphone != nil else { throw ShellError.noMicrophone }
        console.line(console.paint("🎙 " + console.text(Localized(
            ko: "듣는 중 · 최대 \(Int(limit))초 (말이 끝나면 멈춤, Ctrl-C로 중단)",
            en: "listening · up to \(Int(limit)) s (stops when you stop; Ctrl-C to cancel)")), \.muted))
        return try inScratchFolder { folder in
            let source: Microphone
            if let checked {
                let copy = folder.appendingPathComponent("recording.wav")
                try checked.bytes.write(to: copy)
                source = Microphone.file(copy)
            } else if let microphone {
                source = microphone
            } else {
                throw ShellError.noMicrophone
            }
            let file = folder.appendingPathComponent("spoken.wav")
            try source.listen(into: file, limit: limit)
            // The listening cut it at `limit` and padded it: within the limits of a recording, and a second to spare.
            _ = try WAVFile.read(file, longest: WAVFile.longestSound + 1)
            return try recognize(file, for: play, in: language)
        }
    }

    /// Recognizes a file the shell has checked or made, and says what it heard; nothing that is an answer is
    /// `ShellError.nothingHeard` and no grade: the question stays open.
    private func recognize(_ file: URL, for play: QuizPlay, in language: Language) throws -> (answer: String, heard: String) {
        let grammar = AnswerGrammar(for: play, language: language)
        // Another recognizer's text may carry anything: only its printable characters are kept.
        let heard = OutsideText.clean(try recognizer.recognize(file, grammar: grammar, language: language))
            .trimmingCharacters(in: .whitespaces)
        guard let answer = grammar.answer(for: heard) else { throw ShellError.nothingHeard }
        console.line(console.paint(console.text(Localized(ko: "들은 말: ", en: "I heard: ")) + heard, \.muted))
        return (answer, heard)
    }

    /// A private folder under the temporary one for the run of `body`, removed afterwards.
    private func inScratchFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-speak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    private func once(_ key: String, _ message: Localized) {
        guard told.insert(key).inserted else { return }
        console.line(console.paint(console.text(message), \.warning))
    }
}
