import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// Issue 25's refusals about the database file and the sign-in, in both languages, each saying what happened, that
/// the last thing was not saved, and what to do next.
@Suite struct DatabaseFileMessageTests {
    @Test func aReplacedFileNamesTheCopyAndHowToGoOnWithIt() {
        let message = ErrorMessage.of(StoreError.databaseReplaced(path: "/d/brainy.sqlite",
                                                                  copy: "/d/brainy-rescued-20261126T101502Z.sqlite"))
        for text in [message.ko, message.en] {
            #expect(text.contains("/d/brainy.sqlite"))
            #expect(text.contains("brainy --db /d/brainy-rescued-20261126T101502Z.sqlite"))
        }
        #expect(message.en.contains("was not saved") && message.en.contains("exit"))
        #expect(message.ko.contains("저장되지 않았습니다") && message.ko.contains("/d/brainy.sqlite로 옮겨"))
    }

    @Test func aCopyThatCouldNotBeMadeSaysToKeepTheShellOpenAndTryAgain() {
        let message = ErrorMessage.of(StoreError.databaseReplaced(path: "/d/brainy.sqlite", copy: nil))
        #expect(message.en.contains("Keep this shell open") && message.en.contains("try the copy again"))
        #expect(message.ko.contains("닫지 말고"))
    }

    @Test func otherNamesAnEmptiedFileAndASignOutElsewhereSayWhatToDo() {
        let links = ErrorMessage.of(StoreError.databaseHasOtherNames(path: "/d/b.sqlite", names: 2))
        #expect(links.en.contains("2 names (hard links)") && links.en.contains("find / -samefile /d/b.sqlite"))
        #expect(links.ko.contains("2개") && links.ko.contains("find / -samefile /d/b.sqlite"))
        let emptied = ErrorMessage.of(StoreError.databaseEmptied(path: "/d/b.sqlite"))
        #expect(emptied.en.contains("left untouched") && emptied.en.contains("delete /d/b.sqlite"))
        #expect(emptied.ko.contains("그대로 두었습니다"))
        let signedOut = ErrorMessage.of(StoreError.signedOutElsewhere)
        #expect(signedOut.en.contains("signed out") && signedOut.en.contains("'resume'"))
        #expect(signedOut.ko.contains("로그아웃") && signedOut.ko.contains("'resume'"))
        // None of them shows SQLite's own words, and a script stops on them with the documented codes.
        for error in [StoreError.databaseHasOtherNames(path: "/d", names: 2), .databaseEmptied(path: "/d"),
                      .databaseReplaced(path: "/d", copy: nil), .signedOutElsewhere] {
            #expect(!ErrorMessage.of(error).en.contains("SQLite"))
        }
        #expect(ShellRunner.exitCode(for: StoreError.databaseReplaced(path: "/d", copy: nil)) == 3)
        #expect(ShellRunner.exitCode(for: StoreError.signedOutElsewhere) == 1)
    }
}
