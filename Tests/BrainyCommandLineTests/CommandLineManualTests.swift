import Testing
@testable import BrainyCommandLine

@Suite struct CommandLineManualTests {
    static let manual = CommandLineManual(
        name: "quizzer",
        summary: "a test program",
        description: ["Plays - or not - a quiz.", ".dots at the start stay text"],
        options: [
            CommandLineOption("-q", "--quiet", text: "say nothing"),
            CommandLineOption("--lang", value: .words(["ko", "en"]), text: "the language; ko or en"),
            CommandLineOption("--db", placeholder: "<path>", value: .file, text: "the database file"),
            CommandLineOption("--a-rather-long-option-name", placeholder: "<value>", value: .text,
                              text: "a text long enough to be wrapped over more than one line of the help, which is a hundred and twelve characters wide"),
        ],
        sections: [.init("EXIT CODES", "0 when all went well")],
        version: "1.2.3")

    @Test func theHelpPutsEachOptionInTwoColumnsAndWrapsLongTexts() {
        let help = Self.manual.helpText
        #expect(help.hasPrefix("USAGE: quizzer [options]\n\nPlays - or not - a quiz.\n\n.dots at the start stay text\n\nOPTIONS:\n"))
        #expect(help.contains("\n  -q, --quiet         say nothing\n"))
        #expect(help.contains("\n  --lang <ko|en>      the language; ko or en\n"))
        #expect(help.contains("\n  --a-rather-long-option-name <value>\n                      a text long enough"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= CommandLineManual.helpWidth })
        #expect(help.hasSuffix("\n\nEXIT CODES: 0 when all went well"))
    }

    @Test func theManPageEscapesWhatRoffWouldReadAsMarkup() {
        let page = Self.manual.manPage
        #expect(page.hasPrefix(".TH QUIZZER 1 \"\" \"quizzer 1.2.3\" \"User Commands\"\n.SH NAME\nquizzer \\- a test program\n"))
        #expect(page.contains("\n.TP\n\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR\nsay nothing\n"))
        #expect(page.contains("\n.TP\n\\fB\\-\\-lang\\fR \\fI<ko|en>\\fR\nthe language; ko or en\n"))
        #expect(page.contains("\n.SH \"EXIT CODES\"\n0 when all went well\n"))
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix(".dots") }, "a text line read as a request")
    }

    @Test func everyShellsCompletionOffersEveryFlagAndTheWordsOfItsValue() {
        for shell in CompletionShell.allCases {
            let script = Self.manual.completionScript(for: shell)
            for name in ["quiet", "lang", "db", "a-rather-long-option-name"] {
                #expect(script.contains(name), "\(shell): \(name)")
            }
            #expect(script.contains("ko en"), "\(shell)")
        }
        #expect(Self.manual.completionScript(for: .bash).contains("--lang) COMPREPLY=($(compgen -W 'ko en' -- \"$cur\")); return ;;"))
        #expect(Self.manual.completionScript(for: .fish).contains("complete -c quizzer -l lang -x -a 'ko en' -d 'the language'"))
        #expect(Self.manual.completionScript(for: .zsh).contains("'--lang[the language]:<ko|en>:(ko en)'"))
    }

    @Test func aBriefIsTheFirstClauseOfTheText() {
        #expect(Self.manual.options[1].brief == "the language")
        #expect(Self.manual.options[3].brief.count == 60)
    }
}

@Suite struct ManualAgreementTests {
    @Test func theManPageSaysWhatTheHelpSaysWordForWord() {
        let manual = CommandLineManualTests.manual
        let help = ManualAgreement.words(ofHelp: manual.helpText)
        let page = ManualAgreement.words(ofManPage: manual.manPage)
        #expect(help == page)
        #expect(help.contains("--a-rather-long-option-name") && help.contains("CODES"))
    }
}
