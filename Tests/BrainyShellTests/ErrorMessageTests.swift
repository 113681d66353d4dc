import BrainyAPI
import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// The one place where errors become words: every message in both languages, saying what to do next.
@Suite struct ErrorMessageTests {
    @Test func aRefusalSaysInBothLanguagesWhatIsAllowedNow() throws {
        let flow = QuizFlow()
        let error = #expect(throws: ShellError.self) { try flow.check(CommandName.hint, qa: false) }
        let message = ErrorMessage.of(try #require(error))
        #expect(message.ko.contains("'hint'"))
        #expect(message.ko.contains("로그아웃됨"))
        #expect(message.en.contains("state: signed out"))
        #expect(message.en.contains("Allowed now: help, state, login, register"))
    }

    @Test func aLockShowsItsEndInTheShellsTimeZone() {
        let until = Date(timeIntervalSince1970: 1_790_000_000)
        let seoul = ErrorMessage.of(BrainyError.accountLocked(until: until), timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let utc = ErrorMessage.of(BrainyError.accountLocked(until: until), timeZone: .gmt)
        #expect(seoul.en.contains(BrainyDateFormat.minute(until, timeZone: TimeZone(identifier: "Asia/Seoul")!)))
        #expect(utc.en.contains(BrainyDateFormat.minute(until, timeZone: .gmt)))
        #expect(seoul.en != utc.en)
    }

    static let samples: [any Error] = [
        ShellError.commandNotAllowed(.next, state: .home, allowed: [.help]), ShellError.qaOnly(.clock),
        BrainyError.actionNotAllowed(.next, state: .home),
        BrainyError.transitionNotInTable(from: .home, trigger: .sessionRestored, to: nil),
        BrainyError.nothingToResume, BrainyError.invalidEmail("x"),
        BrainyError.passwordTooShort(minimum: 8), BrainyError.passwordsDoNotMatch, BrainyError.emailTaken("a@b.co"),
        BrainyError.wrongCredentials(remainingAttempts: 2), BrainyError.sessionExpired,
        BrainyError.loginMethodDisabled(.google), BrainyError.updateRequired(current: "0.1.0", minimum: "0.2.0"),
        BrainyError.maintenance, BrainyError.noUnsolvedQuestions(.music), BrainyError.noQuestions(.music),
        BrainyError.allStagesCleared(.music, stages: 3), BrainyError.noHintCredits, BrainyError.hintAlreadyUsed,
        BrainyError.optionOutOfRange(7, count: 4), BrainyError.emptyAnswer, BrainyError.notAnOption("z", labels: ["1", "4"]),
        BrainyError.invalidSetting(.timer, value: "1", allowed: ["off"]), BrainyError.unknownSetting("colour"),
        BrainyError.quizNotFound("abcd"), StoreError.database("disk full"), StoreError.notABrainyDatabase(path: "/x"),
        StoreError.databaseIsFolder(path: "/x"), StoreError.folderMissing(path: "/x"),
        StoreError.invalidPack(questionId: "q1", .notFourDistinctOptionsWithTheAnswer), StoreError.invalidPack(questionId: "q1", .answerAtDifferentPlaces),
        StoreError.emailTaken("a@b.co"), StoreError.unknownUser("u1"), ShellError.unknownCommand("stast", suggestion: "stats"),
        ShellError.noServer, ShellError.serverUnreachable("http://127.0.0.1:1"), ShellError.guestCannotSync,
        RemoteError.timedOut(seconds: 3), RemoteError.cancelled,
        StoreError.readOnly(path: "/x"), StoreError.cannotOpen(path: "/x"), StoreError.busy, StoreError.diskFull,
        StoreError.ioFailure,
        StoreError.claimFailed("no space"), StoreError.quizIdTaken("q"), StoreError.quizHeldElsewhere(quizId: "q"),
        StoreError.answerConflict(quizId: "q", position: 0),
        BrainyError.answerTooLong(limit: 1024), BrainyError.answerHasControlCharacters, ShellError.lineTooLong(limit: 4096),
        BrainyError.optionRemoved("1", remaining: ["2", "4"]),
        ShellError.fileNotUTF8("x.brainy"), ShellError.sourcedFileFailed("x.brainy", failures: 2),
        ShellError.sourceNestedTooDeep("x.brainy", limit: 16),
    ]

    @Test func everyMessageIsWrittenInBothLanguages() {
        for error in Self.samples {
            let message = ErrorMessage.of(error)
            #expect(!message.ko.isEmpty && !message.en.isEmpty, "\(error)")
            #expect(message.ko != message.en, "\(error)")
            #expect(!message.en.contains("Unexpected error"), "\(error) has no message of its own")
        }
    }
}
