import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Voice mode with the real programs (eSpeak NG, PocketSphinx, sox), which scripts/setup installs.
@Suite(.serialized) struct VoiceModeTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// `text` spoken by eSpeak NG into a WAV file.
    func spoken(_ text: String) throws -> URL {
        let file = folder.appendingPathComponent("\(UUID().uuidString).wav")
        try ESpeakSynthesizer().synthesize(text, language: .en, wordsPerMinute: 140, to: file)
        return file
    }

    static let japan = Question(
        id: "country-9001", category: .country, difficulty: .easy, voice: true,
        ko: .init(text: "일본의 수도는 어디일까요?", answer: "도쿄", alternatives: ["Tokyo"],
                  options: ["도쿄", "오사카", "교토", "삿포로"], explanation: ""),
        en: .init(text: "What is the capital of Japan?", answer: "Tokyo", alternatives: [],
                  options: ["Tokyo", "Osaka", "Kyoto", "Sapporo"], explanation: ""))

    static let mozart = Question(
        id: "music-9001", category: .music, difficulty: .easy, voice: true,
        ko: .init(text: "마술피리를 작곡한 사람은?", answer: "모차르트", alternatives: ["Mozart"],
                  options: ["모차르트", "바흐", "베토벤", "하이든"], explanation: ""),
        en: .init(text: "Who composed The Magic Flute?", answer: "Mozart", alternatives: ["Wolfgang Amadeus Mozart"],
                  options: ["Mozart", "Bach", "Beethoven", "Haydn"], explanation: ""))

    static func play(_ question: Question, type: QuizType) -> QuizPlay {
        let quiz = Quiz(id: "q-voice", userId: "u", type: type, category: question.category, format: .individual,
                        selection: .random, stage: nil,
                        dealt: [DealtQuestion(questionId: question.id, optionOrder: [0, 1, 2, 3])],
                        startedAt: Date(timeIntervalSince1970: 0))
        return QuizPlay(quiz: quiz, questions: [question], questionShownAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aQuestionIsSynthesizedAsSpeechOfAPlausibleLength() throws {
        let play = Self.play(Self.japan, type: .voice)
        let text = SpokenQuestion.text(of: play, in: .en)
        #expect(text == "Question 1. What is the capital of Japan? one, Tokyo. two, Osaka. three, Kyoto. four, Sapporo.")
        let wav = try #require(WAVFile(contentsOf: try spoken(text)))
        #expect(wav.duration > 3 && wav.duration < 20, "\(wav.duration) s")
        #expect(wav.rms > 0.02, "RMS \(wav.rms): silence, not speech")
    }

    @Test(arguments: [("one", "1"), ("two", "2"), ("three", "3"), ("four", "4"), ("Tokyo", "1"), ("Osaka", "2"), ("Sapporo", "4")])
    func aSpokenOptionIsRecognizedThroughTheQuestionsGrammar(said: String, label: String) throws {
        let play = Self.play(Self.japan, type: .voice)
        let grammar = AnswerGrammar(for: play, language: .en)
        let heard = try PocketSphinxRecognizer().recognize(try spoken(said), grammar: grammar, language: .en)
        #expect(grammar.answer(for: heard) == label, "heard '\(heard)'")
    }

    @Test func aSpokenAnswerIsGradedLikeATypedOne() throws {
        for (question, said, right) in [(Self.japan, "one", true), (Self.japan, "two", false), (Self.mozart, "Mozart", true),
                                        (Self.mozart, "Bach", false)] {
            let play = Self.play(question, type: .voice)
            let grammar = AnswerGrammar(for: play, language: .en)
            let heard = try PocketSphinxRecognizer().recognize(try spoken(said), grammar: grammar, language: .en)
            let answer = try #require(grammar.answer(for: heard), "nothing heard for \(said)")
            var flow = QuizFlow()
            _ = try flow.handle(.signedIn(SignedInUser(id: "u", displayName: "u", provider: .guest), hintCredits: 0,
                                          interrupted: nil))
            _ = try flow.handle(.modeChosen(.voice))
            _ = try flow.handle(.categoryChosen(question.category))
            _ = try flow.handle(.quizDealt(play))
            let effects = try flow.handle(.answerSubmitted(answer, at: Date(timeIntervalSince1970: 3)))
            let feedback = try #require(effects.compactMap { if case let .showFeedback(f) = $0 { f } else { nil } }.first)
            #expect((feedback.record.outcome == .correct) == right, "\(said) → \(heard) → \(answer)")
        }
    }

    @Test func aShortAnswerGrammarHoldsTheAnswerItsAlternativesAndWhatElseMayBeSaid() {
        let grammar = AnswerGrammar(for: Self.play(Self.mozart, type: .shortAnswer), language: .en)
        #expect(Array(grammar.phrases.map(\.words).prefix(5))
                == [["mozart"], ["wolfgang", "amadeus", "mozart"], ["bach"], ["beethoven"], ["haydn"]])
        #expect(grammar.phrases.map(\.words).contains(["i", "don't", "know"]), "a catch-all, so that wrong is heard as wrong")
        #expect(grammar.answer(for: "wolfgang amadeus mozart") == "Wolfgang Amadeus Mozart")
        #expect(grammar.answer(for: "bach") == "Bach")
        #expect(grammar.jsgf(keeping: ["mozart"]).contains("public <answer> = mozart;"))
    }

    @Test func aWholeVoiceQuizIsPlayedWithAnswersFromWAVFiles() throws {
        let shell = try ShellHarness()
        let audio = folder.appendingPathComponent("out")
        var options = ShellOptions(seed: 5, languageOverride: .en, timeZone: .gmt)
        options.audioOut = audio
        let session = ShellSession(services: shell.services(), options: options, reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        for command in ["login guest", "mode voice", "category music", "start 2"] { _ = try session.execute(command) }
        for round in 0..<2 {
            let play = try #require(session.flow.play)
            let said = NumberWords.english[play.correctPosition]
            _ = try session.execute("answer --audio \(try spoken(said).path)")
            #expect(session.console.captured.contains("I heard: \(said)"))
            if round == 0 { _ = try session.execute("next") }
        }
        let output = session.console.captured
        #expect(output.components(separatedBy: "Correct!").count == 3, "\(output)")
        #expect(output.contains("🔊 question 1 · ") && output.contains("🔊 question 2 · "))
        let written = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }
        #expect(written.count == 2)
        _ = try session.execute("next")
        #expect(session.flow.state == .finished)
    }

    @Test func withNoAudioOutputTheQuizGoesOnInTextAndSaysSoOnce() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        session.voice = session.makeVoice(output: AudioOutput.none)
        for command in ["login guest", "mode voice", "category drama", "start 2", "skip", "repeat"] {
            _ = try session.execute(command)
        }
        let output = session.console.captured
        #expect(output.components(separatedBy: "No audio output on this machine").count == 2, "\(output)")
        #expect(output.components(separatedBy: "🔊 question 2 · ").count == 3)
    }

    @Test func aMissingSynthesizerIsNamedWithItsPackageAndTheQuizGoesOn() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        let missing = ESpeakSynthesizer(program: ExternalProgram(name: "espeak-ng-not-here", package: "espeak-ng"))
        session.voice = session.makeVoice(synthesizer: missing,
                                     cache: SpeechCache(folder: folder.appendingPathComponent("cache")), output: AudioOutput.none)
        for command in ["login guest", "mode voice", "category drama", "start 1"] { _ = try session.execute(command) }
        #expect(session.console.captured.contains("apt-get install espeak-ng"), "\(session.console.captured)")
        #expect(session.flow.state == .question)
    }

    @Test func theConfigsFlagTurnsVoiceModeOff() throws {
        let shell = try ShellHarness()
        shell.config.featureFlags[.voiceMode] = false
        let result = shell.run(["login guest", "mode voice"])
        #expect(result.status == 1)
        #expect(result.output.contains("turned off in the current config"))
    }

    @Test func onlyVoiceReadyQuestionsAreDealt() throws {
        let shell = try ShellHarness()
        let ids = try shell.database.candidateIds(category: .music, unsolvedBy: nil, voiceOnly: true)
        let all = try shell.database.candidateIds(category: .music, unsolvedBy: nil, voiceOnly: false)
        #expect(ids == all)  // the harness's questions are all voice-ready
        let none = try AppDatabaseFixtures.withoutVoice()
        #expect(try none.candidateIds(category: .music, unsolvedBy: nil, voiceOnly: true).isEmpty)
        #expect(try none.candidateIds(category: .music, unsolvedBy: nil, voiceOnly: false).count == 3)
    }

    @Test func aListeningQuizHidesTheTextUntilTheAnswerAndThePaceIsTheUsers() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        let cache = SpeechCache(folder: folder.appendingPathComponent("cache"))
        session.voice = session.makeVoice(cache: cache, output: AudioOutput.none)
        for command in ["login guest", "settings voice-text off", "settings voice-speed 120", "mode voice",
                        "category general", "start 1"] {
            _ = try session.execute(command)
        }
        let question = try #require(session.flow.play?.current)
        let before = session.console.captured
        #expect(before.contains("Listen, then answer"))
        #expect(!before.contains(question.en.text))
        let spoken = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)
        #expect(spoken.count == 1 && spoken[0].contains("-en-120-"), "\(spoken)")
        _ = try session.execute("answer 1")
        #expect(session.console.captured.contains(question.en.text))
    }

    @Test func voiceOutIsKeptForTheDeviceAndWritesEachQuestion() throws {
        let shell = try ShellHarness()
        let out = folder.appendingPathComponent("kept")
        let session = shell.session()
        for command in ["login guest", "settings voice-out \(out.path)", "mode voice", "category person", "start 1"] {
            _ = try session.execute(command)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".wav") }.count == 1)
        _ = try session.execute("settings voice-out off")
        #expect(session.console.captured.contains("voice-out = off (saved)"))
        #expect(throws: BrainyError.self) { _ = try session.execute("settings voice-speed 1000") }
    }

    @Test func inKoreanASpokenAnswerIsHeardInTheQuestionsEnglish() throws {
        let shell = try ShellHarness()
        let session = shell.session(language: .ko)
        session.voice = session.makeVoice(cache: SpeechCache(folder: folder.appendingPathComponent("ko")),
                                     output: AudioOutput.none)
        for command in ["login guest", "mode voice", "category music", "start 1"] { _ = try session.execute(command) }
        let play = try #require(session.flow.play)
        #expect(session.voice.hearingLanguage(for: play) == .en)
        let wrong = NumberWords.english[(play.correctPosition + 1) % 4]
        _ = try session.execute("answer --audio \(try spoken(wrong).path)")
        #expect(session.console.captured.contains("들은 말: \(wrong)"), "\(session.console.captured)")
        #expect(session.console.captured.contains("오답입니다."))
        #expect(session.flow.state == .answered)
    }
}
