import BrainyKit
import Testing
@testable import BrainyShell

/// A bad command line is refused in the run's language, as every other message of the run: `--lang` when given
/// (wherever it stands), else the shell's Korean, as `-f /nonexistent` is.
@Suite struct LaunchLanguageTests {
    func refusal(_ arguments: [String]) -> LaunchOptions.UsageError? {
        do {
            _ = try LaunchOptions.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func withoutLangEveryRefusalIsKoreanLikeTheRestOfTheRun() throws {
        let error = try #require(refusal(["--bogus"]))
        #expect(error.message == "알 수 없는 옵션입니다: '--bogus'. 'brainy --help'를 보세요.")
        // The launcher's other refusals before the database speak the same language.
        #expect(error.language == .ko)
        #expect(ErrorMessage.of(ShellError.fileNotReadable("/nonexistent"))[error.language].contains("읽을 수 없습니다"))
    }

    @Test func langChoosesTheLanguageEvenWhenItComesAfterTheError() throws {
        #expect(try #require(refusal(["--bogus", "--lang", "en"])).message == "Unknown option '--bogus'. See 'brainy --help'.")
        #expect(try #require(refusal(["--lang=en", "--seed", "x"])).message == "--seed takes a whole number from 0 to 18446744073709551615 (like 42), not 'x'.")
        #expect(try #require(refusal(["--seed", "x", "--lang", "ko"])).message == "--seed에는 0에서 18446744073709551615 사이의 정수(예: 42)를 주세요. 'x'는 쓸 수 없습니다.")
    }

    @Test func anInvalidLangLeavesTheDefault() throws {
        let error = try #require(refusal(["--lang", "fr"]))
        #expect(error.language == .ko)
        #expect(error.message == "--lang에는 ko 또는 en을 주세요. 'fr'는 쓸 수 없습니다.")
    }

    @Test func everyRefusalHasBothLanguages() {
        for arguments in [["--db"], ["--format", "xml"], ["--ads", "maybe"], ["--clock", "soon"], ["--pace", "x"],
                          ["--ai-url", "nope"], ["--asr-url", "::"], ["--completion", "tcsh"], ["--update"],
                          ["--check"], ["-f", "-", "-f", "-"], ["--", "-c"]] {
            guard let error = refusal(arguments) else {
                Issue.record("\(arguments) was not refused")
                continue
            }
            #expect(!error.text.ko.isEmpty && !error.text.en.isEmpty && error.text.ko != error.text.en, "\(arguments)")
            #expect(error.text.ko.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(arguments): \(error.text.ko)")
        }
    }
}

/// `--help` speaks the run's language too; the installed man page stays English.
@Suite struct LaunchHelpLanguageTests {
    @Test func theKoreanHelpNamesEveryFlagAndCommandInKorean() {
        let korean = LaunchOptions.manual(in: .ko)
        let english = LaunchOptions.manual(in: .en)
        #expect(korean.flagNames == english.flagNames)
        #expect(korean.options.count == english.options.count)
        for (ko, en) in zip(korean.options, english.options) {
            #expect(ko.text != en.text, "\(en.names) has no Korean text")
            #expect(ko.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(en.names)")
        }
        for (ko, en) in zip(korean.sections, english.sections) { #expect(ko.title != en.title && ko.text != en.text) }
        let help = korean.helpText
        #expect(help.hasPrefix("사용법: brainy"))
        #expect(help.contains("옵션:") && help.contains("명령:"))
        #expect(help.contains("지금 쓸 수 있는 명령, 또는 한 명령의 자세한 설명"))
        #expect(LaunchOptions.usage(in: .en).hasPrefix("USAGE: brainy"))
        #expect(LaunchOptions.manual.manPage == english.manPage)
    }
}
