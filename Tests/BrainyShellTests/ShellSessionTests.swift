import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

@Suite struct ShellSessionTests {
    let shell: ShellHarness

    init() throws { shell = try ShellHarness() }

    @Test func aGuestPlaysAWholeMultipleChoiceQuizAndSeesItInHistory() {
        let result = shell.run(["login guest", "mode mc", "category country", "start 3",
                                "answer right", "next", "skip", "wrongA", "next", "history", "stats"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Score: 1/3"))
        #expect(result.output.contains("country"))
        #expect(result.output.contains("1/3"))
        #expect(result.output.contains("Streak: 1 day now"))
    }

    @Test func theSameSeedDealsTheSameQuestionsInTheSameOrder() {
        let script = ["login guest", "mode mc", "category music", "start 5"]
        let first = try! ShellHarness().run(script, seed: 42).output
        let second = try! ShellHarness().run(script, seed: 42).output
        let other = try! ShellHarness().run(script, seed: 43).output
        #expect(first == second)
        #expect(first != other)
    }

    @Test func aShortAnswerIsGradedLenientlyInEitherLanguage() {
        let result = shell.run(["login guest", "mode short", "category drama", "start 2",
                                "  RIGHT!! ", "next", "정 답"], language: .ko)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: "정답입니다!").count == 3)
    }

    @Test func anAnswerAfterTheTimeLimitCountsAsWrongAndSaysSo() throws {
        let session = shell.session()
        for command in ["login guest", "settings timer 10", "mode mc", "category general", "start 1"] {
            _ = try session.execute(command)
        }
        shell.clock.advance(by: 10.5)
        _ = try session.execute("answer right")
        #expect(session.console.captured.contains("Time is up: you took 10.5s (limit 10s)"), "\(session.console.captured)")
        _ = try session.execute("next")
        _ = try session.execute("start 1")
        shell.clock.advance(by: 9)
        _ = try session.execute("answer right")
        #expect(session.console.captured.contains("Correct!"))
    }

    @Test func theTimerRestartsWhenAnInterruptedQuizIsResumed() {
        _ = shell.run(["login guest", "settings timer 10", "mode mc", "category general", "start 1"])
        shell.clock.advance(by: 600)
        let result = shell.run(["resume", "answer right"])
        #expect(result.output.contains("Correct!"), "\(result.output)")
    }

    @Test func aQuizCutOffMidwayResumesAtTheSameQuestionWithItsScore() {
        let first = shell.run(["login guest", "mode mc", "category person", "start 3", "answer right", "next"])
        #expect(first.output.contains("[2/3]"))
        // A new process on the same database: the quiz is found interrupted.
        let second = shell.run(["state", "resume", "answer right", "next", "answer right", "next"])
        #expect(second.output.contains("A quiz was interrupted"))
        #expect(second.output.contains("interrupted"))
        #expect(second.output.contains("[2/3]"))
        #expect(second.output.contains("Score: 3/3"), "\(second.output)")
    }

    @Test func unsolvedRunsOutAndSuggestsRandom() {
        let result = shell.run(["login guest", "mode mc", "category country", "start unsolved 12"]
                               + Array(repeating: ["answer 1", "next"], count: 12).flatMap { $0 }
                               + ["start unsolved"])
        #expect(result.status == 1)
        #expect(result.output.contains("start random"), "\(result.output)")
    }

    @Test func stagesUnlockInOrderAndProgressIsKept() throws {
        let shell = try ShellHarness(questionsPerCategory: 20)
        let pass = ["start"] + Array(repeating: ["answer right", "next"], count: 5).flatMap { $0 }
        let result = shell.run(["login guest", "mode short", "category music", "format stage"] + pass + pass)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Stage 1 cleared!"))
        #expect(result.output.contains("Stage 2 cleared!"))
        let next = shell.run(["mode short", "category music", "format stage"])
        #expect(next.output.contains("play stage 3"))
        let fail = shell.run(["mode short", "category music", "format stage", "start"] + Array(repeating: ["answer nope", "next"], count: 5).flatMap { $0 } + ["start"])
        #expect(fail.output.contains("Stage 3 not passed"))
        #expect(fail.output.contains("Stage 3 begins"))
    }

    @Test func hintsRemoveTwoWrongOptionsAndSpendACredit() {
        let result = shell.run(["login guest", "mode mc", "category general", "start 1", "hint", "hint"])
        #expect(result.output.contains("Removed wrong options"))
        #expect(result.output.contains("2 hints left"))
        #expect(result.status == 1)
        #expect(result.output.contains("already used a hint"))
    }

    @Test func aCommandNotAllowedNowNamesTheStateAndWhatIsAllowed() {
        let result = shell.run(["next"])
        #expect(result.status == 1)
        #expect(result.output.contains("'next' is not allowed now (state: signed out)"))
        #expect(result.output.contains("login"))
    }

    @Test func anUnknownWordGetsADidYouMean() {
        let result = shell.run(["login guest", "histroy"])
        #expect(result.output.contains("Did you mean 'history'?"), "\(result.output)")
    }

    @Test func aScriptStopsAtTheFirstErrorAndSkipsComments() {
        let result = shell.run(["# a comment", "login guest  # trailing comment", "mode nonsense", "stats"])
        #expect(result.status == 1)
        #expect(result.output.contains("line 3"))
        #expect(!result.output.contains("Stats"))
    }

    @Test func registeringAsksThePasswordTwiceAndSignsIn() {
        let result = shell.run(["register kim@example.com", "supersecret", "supersecret", "profile"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Signed in as kim@example.com"))
        #expect(!result.output.contains("supersecret"))
    }

    @Test func registrationChecksTheEmailAndThePasswordPolicy() {
        #expect(shell.run(["register not-an-email"]).output.contains("not a valid email address"))
        #expect(shell.run(["register a@b.co", "short"]).output.contains("at least 8 characters"))
        #expect(shell.run(["register a@b.co", "longenough1", "longenough2"]).output.contains("differ"))
    }

    @Test func repeatedWrongPasswordsLockTheAccountUntilATimeItNames() {
        _ = shell.run(["register lee@example.com", "password1", "password1", "logout"])
        let result = shell.run(["login email lee@example.com", "bad1"])
        #expect(result.output.contains("2 more attempts"))
        _ = shell.run(["login email lee@example.com", "bad2"])
        let locked = shell.run(["login email lee@example.com", "bad3"])
        #expect(locked.output.contains("locked until"), "\(locked.output)")
        #expect(shell.run(["login email lee@example.com", "password1"]).output.contains("locked until"))
        shell.clock.advance(by: 15 * 60 + 1)
        #expect(shell.run(["login email lee@example.com", "password1"]).status == 0)
    }

    @Test func theSessionExpiresAfterTheConfiguredTimeout() {
        _ = shell.run(["login guest"])
        shell.clock.advance(by: 61 * 60)
        let result = shell.run(["stats"])
        #expect(result.output.contains("session has expired"))
    }

    @Test func socialSignInSaysItNeedsAServer() {
        #expect(shell.run(["login google"]).output.contains("goes through the sync server"))
        #expect(shell.run(["login apple"]).output.contains("goes through the sync server"))
    }

    @Test func everyQuizTypeCanBeChosen() {
        #expect(shell.run(["login guest", "mode voice"]).output.contains("Voice chosen"))
        #expect(shell.run(["mode ai"]).output.contains("AI chosen"))
    }

    @Test func settingsPersistAndTheLanguageChangesAtOnce() {
        let result = shell.run(["login guest", "settings language ko", "stats"], language: .en)
        // --lang wins for this run.
        #expect(result.output.contains("Stats"))
        let korean = shell.run(["settings"], language: .ko)
        #expect(korean.output.contains("language"))
        #expect(korean.output.contains("ko"))
        #expect(shell.run(["settings theme purple"]).output.contains("Allowed: dark, light, system"))
    }

    @Test func historyShowsOneQuizInDetail() throws {
        _ = shell.run(["login guest", "mode short", "category country", "start 2", "right", "next", "wrong", "next"])
        let (quizzes, _) = try shell.database.history(userId: "guest", filter: .init())
        let id = String(try #require(quizzes.first).id.prefix(8))
        let detail = shell.run(["history \(id)"])
        #expect(detail.output.contains("Yours: right"))
        #expect(detail.output.contains("Yours: wrong"))
        #expect(detail.output.contains("Score 1/2"))
        #expect(shell.run(["history ffffffff"]).output.contains("No quiz 'ffffffff'"))
        #expect(shell.run(["history country from=2020-01-01"]).output.contains("1/2"))
        #expect(shell.run(["history from=nope"]).output.contains("from=YYYY-MM-DD"))
    }

    @Test func diagramsComeFromTheTransitionTable() {
        let mermaid = shell.run(["diagram mermaid"]).output
        #expect(mermaid.contains("stateDiagram-v2"))
        #expect(mermaid.contains("class signed_out current"))
        let dot = shell.run(["diagram dot"]).output
        #expect(dot.contains("digraph QuizFlow"))
        #expect(dot.contains("answered -> question"))
    }

    @Test func commandsSeparatedBySemicolonsRunInOrder() {
        let result = shell.run(["login guest; mode mc; category 나라; state"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("State: ready"))
    }
}
