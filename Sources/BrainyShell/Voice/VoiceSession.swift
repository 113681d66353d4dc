import BrainyKit
import Foundation

/// The voice side of a shell session: questions spoken (made once, kept in the cache) and played, written to a
/// folder, or shown as text alone when the machine has no audio output; spoken answers recognized. Nothing of it is
/// looked up or started until a voice quiz (or `repeat`, or a spoken answer) needs it.
final class VoiceSession {
    unowned let session: ShellSession
    private let synthesizer: any SpeechSynthesizer
    private let recognizer: any SpeechRecognizer
    private let cache: SpeechCache
    private let chosenOutput: AudioOutput?
    private lazy var detected = AudioOutput.detect()
    /// Where speech goes now: `--audio-out`, else `settings voice-out`, else what the machine offers.
    private var output: AudioOutput {
        if let chosenOutput { return chosenOutput }
        if let folder = session.options.audioOut { return .folder(folder) }
        if let kept = (try? session.repository.syncValue(SyncKeys.voiceOut)) ?? nil {
            return .folder(URL(fileURLWithPath: kept, isDirectory: true))
        }
        return detected
    }
    /// What has been said once already (no audio output, a missing program).
    private var told: Set<String> = []

    init(session: ShellSession, synthesizer: any SpeechSynthesizer = ESpeakSynthesizer(),
         recognizer: any SpeechRecognizer = PocketSphinxRecognizer(), cache: SpeechCache = .standard(),
         output: AudioOutput? = nil) {
        self.session = session
        self.chosenOutput = output
        self.synthesizer = synthesizer
        self.recognizer = recognizer
        self.cache = cache
    }

    /// Speaks the open question: `🔊 question 3 · 2.1 s` (a line that prints the same on every run), then plays it or
    /// writes it out. A failure is said once and the quiz goes on in text.
    func speak(_ play: QuizPlay) {
        guard let question = play.current else { return }
        let console = session.console
        let language = console.language
        do {
            let file = try cache.speech(questionId: question.id, text: SpokenQuestion.text(of: play, in: language),
                                        language: language, wordsPerMinute: session.settings.voiceSpeed,
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
            once("\(error)", session.message(for: error)
                 + Localized(ko: " 문제는 글로 계속됩니다.", en: " The quiz goes on in text."))
        }
    }

    /// What was said in `file`, as the player would have typed it, after telling what was heard.
    func answer(from file: URL, for play: QuizPlay) throws -> String {
        guard FileManager.default.isReadableFile(atPath: file.path) else { throw ShellError.fileNotReadable(file.path) }
        guard WAVFile(contentsOf: file) != nil else { throw ShellError.notAWAVFile(file.path) }
        let grammar = AnswerGrammar(for: play, language: session.console.language)
        let heard = try recognizer.recognize(file, grammar: grammar, language: session.console.language)
        let console = session.console
        guard let answer = grammar.answer(for: heard) else { throw ShellError.nothingHeard }
        console.line(console.paint(console.text(Localized(ko: "들은 말: ", en: "I heard: ")) + heard, \.muted))
        return answer
    }

    private func once(_ key: String, _ message: Localized) {
        guard told.insert(key).inserted else { return }
        session.console.line(session.console.paint(session.console.text(message), \.warning))
    }
}
