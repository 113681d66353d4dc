import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Voice grading hears "no": what is none of the options (a sentence, another word, silence, noise) is no answer and
/// no grade. The recognizer's language follows the question; programs have deadlines; speech that cannot be written
/// says why. With the real eSpeak NG, PocketSphinx and sox, which scripts/setup installs.
@Suite(.serialized) struct VoiceRejectionTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-reject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func spoken(_ text: String, voice: String = "en-us", speed: Int = 150) throws -> URL {
        let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
        try ExternalProgram.espeak.run(["-v", voice, "-s", String(speed), "-w", file.path, "--", text])
        return file
    }

    /// sox makes it: silence, noise, a tone.
    func sound(_ effect: [String]) throws -> URL {
        let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
        try ExternalProgram.sox.run(["-n", "-r", "16000", "-c", "1", "-b", "16", file.path] + effect)
        return file
    }

    // MARK: The rule

    @Test func theRecognizersTimedWordsAreRead() {
        // pocketsphinx_batch's -hypseg line: utterance, totals, then (first frame, acoustic, language, word)…, last frame.
        let two = Recognition(hypseg: "answer S 0 T -900 A -800 L -100 0 -300 -50 <sil> 12 -500 -50 two 46 0 0 <sil> 99\n")
        #expect(two.words == [Recognition.Word(text: "two", first: 12, last: 45, score: -500)])
        #expect(two.segments.count == 3 && two.segments.last?.last == 99)
        #expect(abs(two.words[0].start - 0.12) < 1e-9 && abs(two.words[0].end - 0.46) < 1e-9)
        let garbage = Recognition(hypseg: "answer S 0 T -9 A -9 L 0 0 -4 0 g_ay 10 -5 0 g_d 16\n")
        #expect(garbage.isGarbage && garbage.words.count == 2)
        #expect(Recognition(hypseg: "").words.isEmpty)
        #expect(Recognition(hypseg: "answer S 0 T 0 A 0 L 0 0\n").words.isEmpty, "nothing decoded")
        #expect(Recognition(hypseg: "answer S 0 T -5 A -5 L 0 0 -5 0 mozart(2) 50\n").words.map(\.text) == ["mozart"],
                "a second pronunciation")
    }

    @Test func theConfidenceWeighsTheWordsAgainstFreePhonesOnTheSameFrames() {
        let heard = Recognition(segments: [.init(text: "<sil>", first: 0, last: 9, score: -100),
                                           .init(text: "two", first: 10, last: 29, score: -600)])
        // Free phones over frames 0–29: 0–19 and 20–29 in two phones, 10 of the first 20 frames before the word.
        let loop = Recognition(segments: [.init(text: "g_t", first: 0, last: 19, score: -400),
                                          .init(text: "g_uw", first: 20, last: 29, score: -100)])
        // The word scores -600 on frames 10–29; the loop -200 (half of -400) + -100 there: (-600 + 300) / 20 = -15.
        #expect(abs(loop.score(from: 10, to: 29) + 300) < 1e-9)
        #expect(abs(heard.confidence(against: loop) + 15) < 1e-9)
        #expect(Recognition(segments: []).confidence(against: loop) == -.infinity)
    }

    @Test func thePhoneLoopOrTooMuchSoundOutsideTheWordsIsNoAnswer() {
        // One frame a 10 ms: a word rising and falling from 0 to 0.4 s, quiet after.
        let loud = (0..<40).map { 0.05 + 0.3 * sin(Double($0) / 40 * .pi) } + Array(repeating: 0.0, count: 60)
        // Free phones scoring 10 a frame better than the words: well within the least confidence.
        let loop = Recognition(segments: [.init(text: "g_t", first: 0, last: 99, score: -1000)])
        let two = Recognition(segments: [.init(text: "two", first: 0, last: 34, score: -700),
                                         .init(text: "<sil>", first: 35, last: 99, score: -300)])
        #expect(two.accepted(loudness: loud, loop: loop) == "two", "the word covers the sound")
        let garbage = Recognition(segments: [.init(text: "g_ay", first: 0, last: 20, score: -200),
                                             .init(text: "g_d", first: 21, last: 39, score: -200)])
        #expect(garbage.accepted(loudness: loud, loop: loop) == "", "the phone loop won")
        let short = Recognition(segments: [.init(text: "<sil>", first: 0, last: 29, score: -600),
                                           .init(text: "two", first: 30, last: 39, score: -200),
                                           .init(text: "<sil>", first: 40, last: 99, score: -300)])
        #expect(short.accepted(loudness: loud, loop: loop) == "", "three quarters of the sound was taken for silence")
        #expect(Recognition(segments: []).accepted(loudness: loud, loop: loop) == "")
        #expect(two.accepted(loudness: Array(repeating: 0, count: 100), loop: loop) == "", "silence, whatever was decoded")
        // The sound forced onto the word: 76 a frame worse than free phones on its frames.
        let forced = Recognition(segments: [.init(text: "two", first: 0, last: 34, score: -3000),
                                            .init(text: "<sil>", first: 35, last: 99, score: -300)])
        #expect(forced.confidence(against: loop) < Recognition.leastConfidence)
        #expect(forced.accepted(loudness: loud, loop: loop) == "", "free phones explain the sound far better")
        // A phrase pronounced whole is given back as its words.
        let degrees = Recognition(segments: [.init(text: "23_5", first: 0, last: 39, score: -800)])
        #expect(degrees.accepted(loudness: loud, loop: loop) == "23 5")
        // Steady sound (noise, a hum) is no speech, whatever the words heard.
        let steady = Array(repeating: 0.3, count: 40) + Array(repeating: 0.0, count: 60)
        #expect(Recognition.isSteady(steady) && !Recognition.isSteady(loud))
        #expect(two.accepted(loudness: steady, loop: loop) == "")
    }

    @Test func aQuizWithOptionsTakesOnlyItsPhrases() {
        let grammar = AnswerGrammar(for: VoiceModeTests.play(VoiceModeTests.japan, type: .voice), language: .en)
        #expect(grammar.answer(for: "two") == "2")
        #expect(grammar.answer(for: "kyoto") == "3")
        #expect(grammar.answer(for: "i don't know") == nil)
        #expect(grammar.answer(for: "hello there") == nil)
        #expect(grammar.answer(for: "six") == nil, "a number with no option")
        #expect(grammar.answer(for: "") == nil)
        let fsg = grammar.fsg(keeping: grammar.words)
        #expect(fsg.contains("TRANSITION 0 1 0.125 tokyo") && fsg.contains(" g_aa") && fsg.hasSuffix("FSG_END\n"), "\(fsg)")
        // A short answer is open: a wrong answer said is heard as wrong.
        let open = AnswerGrammar(for: VoiceModeTests.play(VoiceModeTests.mozart, type: .shortAnswer), language: .en)
        #expect(open.answer(for: "salieri") == "salieri")
    }

    // MARK: With the real recognizer

    @Test func whatIsNoneOfTheOptionsIsNotHeardAsOne() throws {
        let play = VoiceModeTests.play(VoiceModeTests.japan, type: .voice)
        let grammar = AnswerGrammar(for: play, language: .en)
        let said = [("I don't know", try spoken("I don't know")), ("hello there", try spoken("hello there")),
                    ("banana", try spoken("banana", voice: "en")),
                    ("what was the question", try spoken("what was the question", voice: "en", speed: 175)),
                    ("silence", try sound(["trim", "0", "2"])), ("white noise", try sound(["synth", "2", "whitenoise", "vol", "0.3"])),
                    ("brown noise", try sound(["synth", "2", "brownnoise", "vol", "0.6"]))]
        for (what, file) in said {
            let heard = try PocketSphinxRecognizer().recognize(file, grammar: grammar, language: .en)
            #expect(grammar.answer(for: heard) == nil, "\(what) heard as '\(heard)'")
        }
    }

    @Test func aSentenceSpokenInAVoiceQuizIsNotGradedAndTheQuestionStaysOpen() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        session.voice = session.makeVoice(cache: SpeechCache(folder: folder.appendingPathComponent("c")),
                                     output: AudioOutput.none)
        for command in ["login guest", "mode voice", "category country", "start 1"] { _ = try session.execute(command) }
        #expect(throws: ShellError.nothingHeard) { _ = try session.execute("answer --audio \(try spoken("I don't know").path)") }
        #expect(throws: ShellError.nothingHeard) { _ = try session.execute("speak --from \(try spoken("hello there").path)") }
        #expect(session.flow.state == .question, "no grade: the question is still open")
        #expect(!session.console.captured.contains("I heard"))
        #expect(ErrorMessage.of(ShellError.nothingHeard)[.en].contains("I did not catch an answer"))
        #expect(ErrorMessage.of(ShellError.nothingHeard)[.ko].contains("알아듣지 못했습니다"))
    }

    // MARK: The recognizer's language

    /// A machine with no speech model at all (PocketSphinx's English model not installed).
    struct NoModel: SpeechRecognizer {
        func recognizes(_ language: Language) -> Bool { false }
        func recognize(_ file: URL, grammar: AnswerGrammar, language: Language) throws -> String {
            throw ShellError.noRecognizer(language)
        }
    }

    @Test func theLanguageHeardIsTheQuestionsWhenTheInterfacesHasNoModel() throws {
        let shell = try ShellHarness()
        let korean = shell.session(language: .ko)
        let play = VoiceModeTests.play(VoiceModeTests.japan, type: .voice)
        #expect(korean.voice.hearingLanguage(for: play) == .en, "PocketSphinx hears the question's English")
        var koreanOnly = VoiceModeTests.japan
        koreanOnly.en = .init(text: "", answer: "", options: [], explanation: "")
        #expect(korean.voice.hearingLanguage(for: VoiceModeTests.play(koreanOnly, type: .voice)) == nil)
        let english = shell.session(language: .en)
        #expect(english.voice.hearingLanguage(for: play) == .en)
    }

    @Test func withNoModelForTheQuestionSpeakIsNotInvitedAndIsRefusedBeforeListening() throws {
        let shell = try ShellHarness()
        let session = shell.session(language: .ko)
        session.voice = session.makeVoice(recognizer: NoModel(),
                                     cache: SpeechCache(folder: folder.appendingPathComponent("c")), output: AudioOutput.none)
        for command in ["login guest", "mode voice", "category music", "start 1"] { _ = try session.execute(command) }
        #expect(!session.console.captured.contains("speak"), "\(session.console.captured)")
        #expect(throws: ShellError.noRecognizer(.ko)) {
            _ = try SpeakCommand.run(CommandArguments(parsing: "speak --from /nonexistent.wav"), in: session.contexts.quiz())
        }
        _ = try session.execute("1")
        #expect(session.flow.state == .answered, "a typed answer still works")
    }

    // MARK: Deadlines and outputs

    @Test func aProgramPastItsDeadlineIsStoppedWithAClearMessage() {
        let sleeper = ExternalProgram(name: "sleep", package: "coreutils")
        #expect(throws: VoiceError.programTimedOut("sleep", seconds: 1)) { try sleeper.run(["30"], deadline: 1) }
        #expect(ErrorMessage.of(VoiceError.programTimedOut("sox", seconds: 20))[.en].contains("did not finish within 20 s"))
        #expect((try? ExternalProgram(name: "echo", package: "coreutils").run(["hi"])) == "hi\n")
    }

    @Test(arguments: [("/dev/full", true), ("/proc/brainy-speech", false)])
    func speechThatCannotBeWrittenSaysWhy(target: String, notAFolder: Bool) throws {
        let file = try spoken("one")
        #expect(throws: VoiceError.audioOutNotWritable(target, notAFolder: notAFolder)) {
            _ = try AudioOutput.folder(URL(fileURLWithPath: target)).deliver(file, as: "q-1.wav")
        }
        let plain = folder.appendingPathComponent("plain-file")
        FileManager.default.createFile(atPath: plain.path, contents: Data("x".utf8))
        #expect(throws: VoiceError.audioOutNotWritable(plain.path, notAFolder: true)) {
            _ = try AudioOutput.folder(plain).deliver(file, as: "q-1.wav")
        }
        let message = ErrorMessage.of(VoiceError.audioOutNotWritable(target, notAFolder: notAFolder))
        #expect(!message[.en].contains("NSCocoaErrorDomain") && message[.ko].contains("폴더"))
    }

    @Test func aVoiceQuizWithAnUnwritableAudioOutGoesOnInTextAndSaysWhyOnce() throws {
        let shell = try ShellHarness()
        var options = ShellOptions(seed: 5, languageOverride: .en, timeZone: .gmt)
        options.audioOut = URL(fileURLWithPath: "/dev/full")
        let session = ShellSession(services: shell.services(), options: options, reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        for command in ["login guest", "mode voice", "category music", "start 2", "skip"] { _ = try session.execute(command) }
        if session.flow.state == .answered { _ = try session.execute("next") }
        let output = session.console.captured
        #expect(output.components(separatedBy: "Cannot write speech to /dev/full: it is not a folder").count == 2, "\(output)")
        #expect(!output.contains("Unexpected error") && !output.contains("NSCocoaErrorDomain"))
        #expect(session.flow.state == .question)
    }

    @Test func anEmptyVoiceOutIsRefusedAndNothingIsSaved() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        _ = try session.execute("login guest")
        #expect(throws: VoiceError.voiceOutEmpty) { _ = try session.execute("settings voice-out ''") }
        #expect(throws: VoiceError.voiceOutEmpty) { _ = try session.execute("settings voice-out \"  \"") }
        _ = try session.execute("settings voice-out")
        #expect(session.console.captured.contains("voice-out = off"), "\(session.console.captured)")
        #expect(ErrorMessage.of(VoiceError.voiceOutEmpty)[.en].contains("settings voice-out off"))
    }
}
