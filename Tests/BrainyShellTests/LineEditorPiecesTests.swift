import BrainyKit
import Testing
@testable import BrainyShell

/// The parts of the line editor that need no terminal: the prompt as libedit is given it, when the countdown is asked
/// again, which keys insert, what Tab does, and the file-size limit said in words (the terminal side is in the
/// end-to-end tests).
@Suite struct LineEditorPiecesTests {
    @Test func aPromptsColourEscapesAreBracketedForLibeditAndTakeNoColumn() {
        let prompt = PromptText("\u{1B}[96mbrainy\u{1B}[0m 게스트> ")
        #expect(prompt.visible == "brainy 게스트> ")
        #expect(prompt.bracketed == "\u{1}\u{1B}[96m\u{1}brainy\u{1}\u{1B}[0m\u{1} 게스트> ")
        #expect(PromptText("plain> ") == PromptText("plain> "))
        #expect(PromptText("plain> ").bracketed == "plain> ")
    }

    @Test func theCountdownIsAskedAgainWhenTheTickerSaysAndNeverWithoutOne() {
        var idle = PromptTicking()
        #expect(idle.ask() == nil)
        #expect(idle.millisecondsLeft() == -1)

        let start = ContinuousClock.now
        var ticking = PromptTicking { PromptTick(prompt: "3s left> ", timeUp: false, nextTick: 0.25) }
        #expect(ticking.millisecondsLeft(now: start) == -1, "nothing scheduled before the first ask")
        #expect(ticking.ask(now: start)?.prompt == "3s left> ")
        #expect(ticking.millisecondsLeft(now: start) == 251)
        #expect(ticking.millisecondsLeft(now: start + .milliseconds(200)) == 51)
        #expect(ticking.millisecondsLeft(now: start + .seconds(1)) == 0, "overdue: asked at once")
    }

    @Test func onlyPrintableKeysInsertNeverControlsNorTheEditorsOwnKeys() {
        #expect(EditorKeys.inserts(UInt32(UInt8(ascii: "a"))))
        #expect(EditorKeys.inserts(0xAC00))  // 가
        #expect(EditorKeys.inserts(0x1F44D))  // 👍
        for key in [0x01, 0x1B, 0x7F, 0x85] { #expect(!EditorKeys.inserts(UInt32(key))) }
        let own = [EditorKeys.searchStep, EditorKeys.noColumn, EditorKeys.tick, EditorKeys.refuse, EditorKeys.fit,
                   EditorKeys.restore]
        #expect(Set(own.map(\.value)).count == own.count, "each of the editor's keys is bound to one function")
        for key in own { #expect(!EditorKeys.inserts(key.value)) }
    }

    @Test func tabInsertsTheOnlyCandidateWithASpaceOrTheSharedStartElseListsThem() {
        #expect(CompletionListing.step(lineBeforeCursor: "sta", candidates: []) == nil)
        #expect(CompletionListing.step(lineBeforeCursor: "sta", candidates: ["state"])
                == .init(word: "sta", insert: "state "))
        #expect(CompletionListing.step(lineBeforeCursor: "mode s", candidates: ["short", "shortanswer"])
                == .init(word: "s", insert: "short"))
        #expect(CompletionListing.step(lineBeforeCursor: "lo", candidates: ["login", "logout"])
                == .init(word: "lo", insert: "log"))
        #expect(CompletionListing.step(lineBeforeCursor: "log", candidates: ["login", "logout"])
                == .init(word: "log", insert: nil, list: ["login", "logout"]))
        // Only the case differs: the candidates' spelling is taken, and they are listed.
        #expect(CompletionListing.step(lineBeforeCursor: "LOG", candidates: ["login", "logout"])
                == .init(word: "LOG", insert: "log", list: ["login", "logout"]))
    }

    @Test func aFileSizeLimitIsNamedWithWhatToDoInBothLanguages() {
        let small = ErrorMessage.fileSizeLimitReached(64 * 1024)
        #expect(small.en.contains("file size limit (ulimit -f, 64 KB)"))
        #expect(small.en.contains("ulimit -f unlimited"))
        #expect(small.ko.contains("파일 크기 제한(ulimit -f, 64 KB)"))
        #expect(small.ko.contains("ulimit -f unlimited"))
        #expect(ErrorMessage.fileSizeLimitReached(3 << 20).en.contains("3 MB"))
        #expect(ErrorMessage.fileSizeLimitReached(100).en.contains("1 KB"))
    }
}
