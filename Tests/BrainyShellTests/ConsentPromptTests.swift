import BrainyKit
@testable import BrainyShell
import Foundation
import Testing

/// The question of the terms of use and the privacy policy: what is shown, which answers accept, and what a script's
/// next line, an ended input and a hostile server text come to.
@Suite struct ConsentPromptTests {
    func ask(_ answers: [String], documents: [ConsentDocument] = ConsentDocument.bundled, registering: Bool = true,
             language: Language = .en, script: Bool = false) -> (accepted: Bool, said: String) {
        let console = Console(language: language, theme: .system, colorEnabled: false, capturing: true)
        let reader: LineReader
        if script {
            reader = PlainLineReader(lines: answers)
        } else {
            let scripted = ScriptedLineReader()
            scripted.inputs = answers
            reader = scripted
        }
        let state = SessionState(config: RemoteConfig(), clock: ManualClock(Date(timeIntervalSince1970: 1_795_327_200)),
                                 console: console, languageOverride: language, seed: 1)
        let prompt = ConsentPrompt(prompts: LinePrompts(reader: reader, console: console, state: state), console: console)
        let accepted = prompt.accepts(documents, registering: registering)
        return (accepted, console.captured)
    }

    @Test(arguments: ["y", "Y", "yes", " yes ", "예", "네", "동의", "agree"])
    func aYesAccepts(_ answer: String) {
        #expect(ask([answer]).accepted)
    }

    @Test(arguments: ["", "n", "no", "아니요", "later", "yess"])
    func anythingElseDeclines(_ answer: String) {
        #expect(!ask([answer]).accepted)
    }

    /// What the question comes to, with `explicitNo` (at `sync`) or without; in a script or at a terminal.
    func answer(_ answers: [String], explicitNo: Bool, script: Bool = false) -> (ConsentPrompt.Answer, String) {
        let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        let reader: LineReader
        if script {
            reader = PlainLineReader(lines: answers)
        } else {
            let scripted = ScriptedLineReader()
            scripted.inputs = answers
            reader = scripted
        }
        let state = SessionState(config: RemoteConfig(), clock: ManualClock(Date(timeIntervalSince1970: 1_795_327_200)),
                                 console: console, languageOverride: .en, seed: 1)
        let prompt = ConsentPrompt(prompts: LinePrompts(reader: reader, console: console, state: state), console: console)
        return (prompt.ask(ConsentDocument.bundled, registering: false, explicitNo: explicitNo), console.captured)
    }

    /// At `sync` only a typed no declines (it signs out); Enter, another word, an ended input are no answer.
    @Test func atSyncOnlyATypedNoDeclines() {
        #expect(answer(["n"], explicitNo: true).0 == .declined)
        #expect(answer(["아니요"], explicitNo: true).0 == .declined)
        #expect(answer(["y"], explicitNo: true).0 == .accepted)
        #expect(answer([""], explicitNo: true).0 == .unanswered(line: ""))
        #expect(answer(["later"], explicitNo: true).0 == .unanswered(line: "later"))
        #expect(answer([], explicitNo: true).0 == .unanswered(line: nil))
    }

    /// In a script, the line after a sign-in that is neither a yes nor a no (the script's next command) is no answer,
    /// kept to be named; at a terminal it is a no, as `[y/N]` says.
    @Test func aScriptsLineThatIsNeitherYesNorNoIsNoAnswer() {
        #expect(answer(["sync"], explicitNo: false, script: true).0 == .unanswered(line: "sync"))
        #expect(answer(["n"], explicitNo: false, script: true).0 == .declined)
        #expect(answer(["later"], explicitNo: false).0 == .declined)
        #expect(answer([""], explicitNo: false).0 == .declined)
        #expect(answer([], explicitNo: false).0 == .unanswered(line: nil))
    }

    @Test func anEndedInputDeclines() {
        #expect(!ask([]).accepted)
        #expect(!ask([], script: true).accepted)
        // A script answers with its next line, as it does the passwords.
        #expect(ask(["y"], script: true).accepted)
    }

    @Test func bothTextsAreShownInTheInterfaceLanguage() {
        let english = ask(["y"]).said
        #expect(english.contains("Before the account is made, accept the terms of use and privacy policy:"))
        #expect(english.contains("Brainy terms of use (2026-11-27)") && english.contains("Brainy privacy policy (2026-11-27)"))
        let korean = ask(["y"], registering: false, language: .ko).said
        #expect(korean.contains("이 계정을 쓰려면 이용약관과 개인정보 처리방침에 동의해야 합니다."))
        #expect(korean.contains("Brainy 이용약관 (2026-11-27)") && korean.contains("Brainy 개인정보 처리방침 (2026-11-27)"))
        #expect(!korean.contains("Brainy terms of use"))
    }

    /// The bundled texts, as asked at register, fit an 80-column terminal of 24 rows in both languages: the person
    /// sees every line of both where they answer, without a pager.
    @Test(arguments: Language.allCases)
    func theBundledTextsAndTheQuestionFitATerminalOf24Rows(_ language: Language) {
        for document in ConsentDocument.bundled {
            for line in document.text[language].split(separator: "\n") {
                #expect(String(line).displayWidth <= 78, "\(line)")
            }
        }
        let said = ask(["y"], language: language).said
        let lines = said.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { String($0).displayWidth <= 80 })
        // What is printed, and the question's own line.
        #expect(lines.count <= 24, "\(lines.count) lines")
    }

    @Test func oneDocumentIsNamedAlone() {
        let said = ask(["y"], documents: [ConsentDocument.bundled[1]], registering: false).said
        #expect(said.contains("To use this account, accept the privacy policy."))
        #expect(!said.contains("Brainy terms of use"))
    }

    /// The texts come from the server: a control sequence in them never reaches the terminal.
    @Test func aServersTextIsShownWithoutControls() {
        var document = ConsentDocument.bundled[0]
        document.text.en = "Terms\u{1b}]0;owned\u{07}\u{1b}[2J of a hostile server\nsecond line"
        let said = ask(["y"], documents: [document]).said
        #expect(!said.contains("\u{1b}") && !said.contains("\u{07}"))
        #expect(said.contains("second line"))
    }

    @Test func eachRefusalSaysHowToAcceptInBothLanguages() {
        for refusal in [ConsentRefusal.declinedAtRegister, .declinedAtSignIn, .requiredByServer, .unansweredAtSync,
                        .needsTerminal, .versionsDisagree, .changedWhileRegistering, .unansweredAtSignIn(line: "sync"),
                        .unansweredAtSignIn(line: nil), .declinedPerhapsNewAccount, .declinedAccountRemoved,
                        .declinedAccountKept] {
            let message = ErrorMessage.of(refusal)
            #expect(!message.ko.isEmpty && !message.en.isEmpty && message.ko != message.en)
        }
        #expect(ErrorMessage.of(ConsentRefusal.declinedAtRegister).en.contains("answer 'y'"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedAtSignIn).en.contains("Sign in again"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedPerhapsNewAccount).en.contains("ask the server's operator"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedPerhapsNewAccount).ko.contains("서버 운영자에게 요청하세요"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedAccountRemoved).en.contains("removed from the server"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedAccountRemoved).ko.contains("서버에서 지웠습니다"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedAccountKept).en.contains("stays on the server because it holds data"))
        #expect(ErrorMessage.of(ConsentRefusal.declinedAccountKept).ko.contains("데이터가 있어서"))
        #expect(ErrorMessage.of(ConsentRefusal.requiredByServer).en.contains("Run 'sync'"))
    }
}
