import Testing
@testable import BrainyShell

/// What Tab inserts and lists when several completions fit (the terminal side is in the end-to-end tests).
@Suite struct CompletionListingTests {
    @Test func theSharedStartIsFoundWithoutRegardToCaseAndSpelledAsTheFirstCandidate() {
        #expect(CompletionListing.commonPrefix(of: ["login", "logout", "loGo"]) == "log")
        #expect(CompletionListing.commonPrefix(of: ["Mode", "model"]) == "Mode")
        #expect(CompletionListing.commonPrefix(of: ["인물", "인사"]) == "인")
        #expect(CompletionListing.commonPrefix(of: ["state", "help"]) == "")
        #expect(CompletionListing.commonPrefix(of: []) == "")
    }

    @Test func candidatesGoInColumnsTopToBottomThenLeftToRightAsLsDoes() {
        let text = CompletionListing.text(["alpha", "bravo", "charlie", "delta", "echo"], prompt: "> ",
                                          lineBeforeCursor: "", lineAfterCursor: "", columns: 20)
        // Columns of 7 + 2: two fit in 20; five candidates in two columns make three rows.
        #expect(text == "\nalpha    delta\nbravo    echo\ncharlie\n")
    }

    @Test func aLineThatWrapsIsListedBelowItsLastRowAndTheCursorRowIsGivenBack() {
        // "brainy> " (8) and 15 typed characters on 20 columns: the cursor is on the second row.
        let typed = String(repeating: "x", count: 15)
        let text = CompletionListing.text(["alpha", "beta", "gamma"], prompt: "brainy> ", lineBeforeCursor: typed,
                                          lineAfterCursor: String(repeating: "y", count: 20), columns: 20)
        // Twenty more characters after the cursor end one row further down: two newlines to get below them, the
        // list, then one newline for each row the cursor is below the prompt's first.
        #expect(text == "\n\nalpha  beta   gamma\n\n")
    }

    @Test func wideCharactersWrapWhenTheyDoNotFitAsLibeditWrapsThem() {
        let wide = CompletionListing.position(afterWriting: "가나", from: (0, 0), columns: 3)
        #expect(wide.row == 1 && wide.column == 2)
        let filled = CompletionListing.position(afterWriting: "abc", from: (0, 0), columns: 3)
        #expect(filled.row == 1 && filled.column == 0)
        let within = CompletionListing.position(afterWriting: "ab", from: (2, 0), columns: 3)
        #expect(within.row == 2 && within.column == 2)
    }
}
