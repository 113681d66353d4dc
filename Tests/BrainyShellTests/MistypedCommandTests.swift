@testable import BrainyShell
import BrainyKit
import Testing

/// In short answer a bare line is graded; a line that is a typo of a command is asked about instead of costing the
/// question.
@Suite struct MistypedCommandTests {
    let shell = try! ShellHarness()

    @Test func aLineOneEditFromACommandAndFarFromTheAnswerIsATypo() {
        for (typed, meant) in [("hnit", "hint"), ("nxet", "next"), ("skpi", "skip"), ("abandn", "abandon"), ("HNIT", "hint")] {
            #expect(MistypedCommand.meant(by: typed, acceptedForms: ["Seoul", "서울"]) == meant, "\(typed)")
        }
    }

    @Test func aLineNearTheAnswerIsAnAnswerEvenWhenItIsNearACommand() {
        // "hind" is one edit from "hint" and one from the answer "hind": the answer wins.
        #expect(MistypedCommand.meant(by: "hind", acceptedForms: ["hind"]) == nil)
        #expect(MistypedCommand.meant(by: "hent", acceptedForms: ["heat"]) == nil)
        // An answer that is itself one edit from a command is graded.
        #expect(MistypedCommand.meant(by: "skin", acceptedForms: ["skin"]) == nil)
    }

    @Test func wordsNotOneEditFromACommandAreAnswers() {
        for typed in ["Seoul", "nope", "hi", "서울", "hint me", "h1nt", "cat", "sea"] {
            #expect(MistypedCommand.meant(by: typed, acceptedForms: ["Paris"]) == nil, "\(typed)")
        }
    }

    @Test func aTypoInShortAnswerIsAskedAboutAndTheQuestionStaysOpen() throws {
        let session = shell.session()
        for command in ["login guest", "mode short", "category drama", "start 2"] { _ = try session.execute(command) }
        #expect(throws: ShellError.mistypedCommand(typed: "hnit", command: "hint")) { try session.execute("hnit") }
        #expect(session.flow.state == .question)
        #expect(session.flow.play?.answers.isEmpty == true)
        // Answered on purpose, it is graded.
        _ = try session.execute("answer hnit")
        #expect(session.flow.state == .answered)
        #expect(session.flow.play?.answers.count == 1)
        #expect(session.flow.play?.answers.first?.isCorrect == false)
    }

    @Test func theQuestionSaysWhatWasMeantAndHowToAnswerInEitherLanguage() {
        let english = shell.run(["login guest", "mode short", "category drama", "start 1", "nxet"], language: .en)
        #expect(english.output.contains("Did you mean 'next'? To answer 'nxet', type 'answer nxet' (the question is still open)."),
                "\(english.output)")
        #expect(!english.output.contains("Wrong"))
        // A second shell: the first left its quiz open.
        let korean = try! ShellHarness().run(["login guest", "mode short", "category drama", "start 1", "hnit"], language: .ko)
        #expect(korean.output.contains("'hint'를 입력하려던 건가요? 'hnit'을 답으로 내려면 'answer hnit'을 입력하세요"),
                "\(korean.output)")
        #expect(!korean.output.contains("오답"))
    }

    @Test func inMultipleChoiceATypoIsNotAskedAbout() throws {
        let session = shell.session()
        for command in ["login guest", "mode mc", "category drama", "start 2"] { _ = try session.execute(command) }
        // Not an option: refused as before, without the typo question.
        #expect(throws: BrainyError.self) { try session.execute("hnit") }
    }
}
