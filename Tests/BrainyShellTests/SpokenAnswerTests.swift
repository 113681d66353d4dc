import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Answers said aloud: `speak` listening (a recording standing in for the microphone), names the CMU dictionary lacks,
/// a wrong short answer heard as wrong, and what was heard kept in history. With the real eSpeak NG, PocketSphinx and
/// sox, which scripts/setup installs.
@Suite(.serialized) struct SpokenAnswerTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-spoken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func spoken(_ text: String) throws -> URL {
        let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
        try ESpeakSynthesizer().synthesize(text, language: .en, wordsPerMinute: 140, to: file)
        return file
    }

    /// `first`, `seconds` of silence, then `second`: what a player says, pauses, then says again.
    func spokenWithPause(_ first: String, _ seconds: Double, _ second: String) throws -> URL {
        let silence = folder.appendingPathComponent("silence.wav")
        try ExternalProgram.sox.run(["-n", "-r", "22050", "-c", "1", "-b", "16", silence.path, "trim", "0", String(seconds)])
        let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
        try ExternalProgram.sox.run([try spoken(first).path, silence.path, try spoken(second).path, file.path])
        return file
    }

    static let painter = Question(
        id: "person-9001", category: .person, difficulty: .medium, voice: true,
        ko: .init(text: "'비너스의 탄생'을 그린 화가는?", answer: "보티첼리", alternatives: ["Botticelli"],
                  options: ["칸딘스키", "보티첼리", "마그리트", "피사로"], explanation: ""),
        en: .init(text: "Who painted The Birth of Venus?", answer: "Botticelli", alternatives: ["Sandro Botticelli"],
                  options: ["Kandinsky", "Botticelli", "Magritte", "Pissarro"], explanation: ""))

    func session(_ shell: ShellHarness, language: Language = .en) -> ShellSession {
        let options = ShellOptions(seed: 5, languageOverride: language, timeZone: .gmt)
        let session = ShellSession(services: shell.services(), options: options, reader: PlainLineReader(lines: []),
                                   console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
        session.voice = session.makeVoice(output: AudioOutput.none)
        return session
    }

    @Test func eSpeaksPhonemesBecomeTheDictionarysARPAbet() {
        #expect(ESpeakPhonemes.arpabet("nag'OI@") == "N AE G OY AH")
        #expect(ESpeakPhonemes.arpabet("kl'Imt") == "K L IH M T")
        #expect(ESpeakPhonemes.arpabet("dZj'oUNb@kg,VN") == "JH Y OW NG B AH K G AH NG")
        #expect(ESpeakPhonemes.arpabet("h'aIz@nb,3:g") == "HH AY Z AH N B ER G")
    }

    @Test func wordsTheDictionaryLacksArePronouncedByESpeak() throws {
        let words: Set<String> = ["klimt", "schiele", "munch", "matisse", "1592"]
        let dictionary = PronouncingDictionary(words: words, cmu: URL(fileURLWithPath: PocketSphinxRecognizer.dictionary))
        #expect(dictionary.words == words, "every word pronounced, from the CMU dictionary or eSpeak NG")
        #expect(dictionary.text.contains("klimt K L IH M T"))
        #expect(dictionary.text.contains("munch M AH N CH"), "a CMU word keeps the CMU pronunciation")
    }

    /// "23.5°" is said "twenty three point five degrees": its words alone ("23", "5") say neither "point" nor "degrees",
    /// so the phrase is pronounced whole, from its text.
    @Test func aPhraseWithDigitsAndSignsIsPronouncedAsItIsSaid() throws {
        let dictionary = PronouncingDictionary(words: ["23", "5", "paris"], phrases: ["23_5": "23.5°", "paris": "Paris"],
                                               cmu: URL(fileURLWithPath: PocketSphinxRecognizer.dictionary))
        #expect(dictionary.text.contains("23_5 T W EH N T IY TH R IY P OY N T F AY V D IH G R IY Z"), "\(dictionary.text)")
        #expect(dictionary.text.contains("paris P EH R IH S\nparis(2) P AE R IH S\n") && !dictionary.text.contains("paris(3)"),
                "a phrase the CMU dictionary knows keeps its pronunciations alone")
        let tilt = Question(
            id: "general-9002", category: .general, difficulty: .medium, voice: true,
            ko: .init(text: "지구 자전축의 기울기는?", answer: "23.5°", alternatives: [],
                      options: ["13.5°", "23.5°", "30°", "45°"], explanation: ""),
            en: .init(text: "How far is Earth's axis tilted?", answer: "23.5°", alternatives: [],
                      options: ["13.5°", "23.5°", "30°", "45°"], explanation: ""))
        let play = VoiceModeTests.play(tilt, type: .voice)
        let grammar = AnswerGrammar(for: play, language: .en)
        let said = play.shownOptions(in: .en)[play.correctPosition]
        let heard = try PocketSphinxRecognizer().recognize(try spoken(said), grammar: grammar, language: .en)
        #expect(grammar.answer(for: heard) == play.optionLabels[play.correctPosition], "\(said) heard as '\(heard)'")
    }

    /// One recording is graded alike every time: sox dithered with a new random seed each run, and eSpeak NG's "one"
    /// at 175 words a minute was heard in one run and refused in the next (the generated paths' check caught it).
    @Test func aRecordingIsHeardAlikeEveryTime() throws {
        let play = VoiceModeTests.play(Self.painter, type: .voice)
        let grammar = AnswerGrammar(for: play, language: .en)
        for word in ["one", "four", "hello there"] {
            let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
            try ESpeakSynthesizer().synthesize(word, language: .en, wordsPerMinute: 175, to: file)
            let heard = try (0..<4).map { _ in try PocketSphinxRecognizer().recognize(file, grammar: grammar, language: .en) }
            #expect(Set(heard).count == 1, "\(word) heard as \(heard)")
        }
    }

    /// None of these four names is in the CMU dictionary.
    @Test(arguments: [("Kandinsky", "1"), ("Botticelli", "2"), ("Magritte", "3"), ("Pissarro", "4")])
    func aNameMissingFromTheDictionaryIsRecognized(said: String, label: String) throws {
        let play = VoiceModeTests.play(Self.painter, type: .voice)
        let grammar = AnswerGrammar(for: play, language: .en)
        let heard = try PocketSphinxRecognizer().recognize(try spoken(said), grammar: grammar, language: .en)
        #expect(grammar.answer(for: heard) == label, "\(said) heard as '\(heard)'")
    }

    @Test func aWrongShortAnswerIsHeardAsWrongNotForcedOntoTheRightOne() throws {
        let play = VoiceModeTests.play(VoiceModeTests.mozart, type: .shortAnswer)
        let grammar = AnswerGrammar(for: play, language: .en)
        for (said, right) in [("Bach", false), ("I don't know", false), ("Mozart", true)] {
            let heard = try PocketSphinxRecognizer().recognize(try spoken(said), grammar: grammar, language: .en)
            let answer = try #require(grammar.answer(for: heard))
            #expect(AnswerGrader.isCorrect(answer, for: VoiceModeTests.mozart) == right, "\(said) → '\(heard)' → \(answer)")
        }
    }

    @Test func speakListensUntilTheSilenceAfterTheFirstWordsAndGradesWhatItHeard() throws {
        let shell = try ShellHarness()
        let session = session(shell)
        for command in ["login guest", "mode voice", "category music", "start 2"] { _ = try session.execute(command) }
        let play = try #require(session.flow.play)
        let right = NumberWords.english[play.correctPosition]
        let wrong = NumberWords.english[(play.correctPosition + 1) % 4]
        // The player says the right number, pauses two seconds, then says another: only the first is taken.
        _ = try session.execute("speak --from \(try spokenWithPause(right, 2, wrong).path)")
        let output = session.console.captured
        #expect(output.contains("🎙 listening · up to 8 s"))
        #expect(output.contains("I heard: \(right)\n"), "\(output)")
        #expect(output.contains("Correct!"))
        #expect(session.flow.state == .answered)

        let quizId = try #require(session.flow.play?.quiz.id)
        _ = try session.execute("abandon")
        _ = try session.execute("history \(quizId)")
        #expect(session.console.captured.contains("🎙 heard: \(right)"), "history shows what was heard")
    }

    @Test func theTimeLimitEndsAnAnswerThatNeverPauses() throws {
        let shell = try ShellHarness()
        let session = session(shell)
        for command in ["login guest", "mode voice", "category music", "start 1"] { _ = try session.execute(command) }
        // Four seconds of noise, a second's limit: the listening stops at the limit and hears no option.
        let noise = folder.appendingPathComponent("noise.wav")
        try ExternalProgram.sox.run(["-n", "-r", "16000", "-c", "1", "-b", "16", noise.path, "synth", "4", "whitenoise", "vol", "0.5"])
        let started = Date()
        #expect(throws: (any Error).self) { _ = try session.execute("speak 1 --from \(noise.path)") }
        #expect(Date().timeIntervalSince(started) < 4, "cut at the limit, not at the end of the noise")
        #expect(session.flow.state == .question, "the question stays open")
    }

    @Test func withoutAMicrophoneSpeakSaysWhatToDoInstead() throws {
        #expect(Microphone.detect([:], alsaDevices: "/nonexistent") == nil)
        let shell = try ShellHarness()
        let session = session(shell)
        for command in ["login guest", "mode voice", "category music", "start 1"] { _ = try session.execute(command) }
        #expect(ErrorMessage.of(ShellError.noMicrophone)[.en].contains("answer --audio FILE.wav"))
        #expect(throws: ShellError.invalidArgument(command: "speak", value: "99", expected: ["1–30", "--from <file.wav>"])) {
            _ = try SpeakCommand.run(CommandArguments(parsing: "speak 99"), in: session.contexts.quiz())
        }
    }

    @Test func inKoreanSpeakHearsTheQuestionsEnglishAndGradesIt() throws {
        let shell = try ShellHarness()
        let session = session(shell, language: .ko)
        for command in ["login guest", "mode voice", "category music", "start 1"] { _ = try session.execute(command) }
        #expect(session.console.captured.contains("speak로 말하세요"), "the prompt invites speaking: English is heard")
        let play = try #require(session.flow.play)
        let said = NumberWords.english[play.correctPosition]
        _ = try session.execute("speak --from \(try spoken(said).path)")
        #expect(session.console.captured.contains("들은 말: \(said)"), "\(session.console.captured)")
        #expect(session.console.captured.contains("정답입니다!"))
        #expect(session.flow.state == .answered)
    }

    @Test func statsShowEachModePlayed() throws {
        let shell = try ShellHarness()
        let session = session(shell)
        for command in ["login guest", "mode voice", "category music", "start 1", "1", "next",
                        "mode mc", "category music", "start 1", "1", "next", "stats"] {
            _ = try session.execute(command)
        }
        let output = session.console.captured
        #expect(output.contains("By mode"))
        #expect(output.contains("multiple choice") && output.contains("voice  "), "\(output)")
    }
}
