import BrainyKit
import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// "Remember me" at sign-in, through a real session and runner over a database file: the question at a terminal,
/// its answers in both languages, what `exit` leaves, and a start that finds a sign-in not to be kept left behind by
/// a shell that was killed (ended, not signed back in) or still held by one that runs (left alone).
@Suite final class RememberSignInTests {
    let folder: URL
    let path: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-remember-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("brainy.db").path
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs `lines` as typed at a terminal (the reader transcripts replay with: interactive, every prompt served from
    /// the lines), or as a script; returns what was printed.
    func run(_ harness: ShellHarness, _ lines: [String], terminal: Bool = true, remember: Bool? = nil,
             language: Language = .en) -> String {
        var options = ShellOptions(seed: 7, languageOverride: language, timeZone: .gmt)
        options.rememberSignIn = remember
        let reader: LineReader
        if terminal {
            let scripted = ScriptedLineReader()
            scripted.inputs = lines
            reader = scripted
        } else {
            reader = PlainLineReader(lines: lines)
        }
        let session = ShellSession(services: harness.services(), options: options, reader: reader,
                                   console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
        _ = ShellRunner(session: session, reader: reader).run()
        return session.console.captured
    }

    /// Who a new start on the file signs back in, and what it says.
    func nextStart(on file: String? = nil) throws -> (user: SignedInUser?, said: String) {
        let harness = try ShellHarness(databasePath: file ?? path)
        defer { harness.database.close() }
        let session = harness.session()
        try session.restoreSession()
        return (session.flow.user, session.console.captured)
    }

    @Test func answeringNoEndsTheSignInAtExitAndTheNextStartIsSignedOut() throws {
        let harness = try ShellHarness(databasePath: path)
        let said = run(harness, ["register mina@example.com", "longpassword", "longpassword", "n", "profile", "exit"])
        harness.database.close()

        #expect(said.contains("Nothing is saved on this computer; 'exit' signs you out."), "\(said)")
        // profile says it of the sign-in itself (there is no server, so no tokens).
        #expect(said.contains("(not kept on this computer: ends at exit)"), "\(said)")
        #expect(said.contains("Signed out: this computer was not to keep the sign-in."), "\(said)")
        let next = try nextStart()
        #expect(next.user == nil)
        // The account and its data stay; only the sign-in went.
        let database = try AppDatabase.openFile(at: path)
        defer { database.close() }
        #expect(try database.currentSession() == nil)
        #expect(try database.user(email: "mina@example.com") != nil)
    }

    @Test func enterOrYesInEitherLanguageKeepsTheSignInAsBefore() throws {
        for (index, (answer, language)) in [("", Language.en), ("y", .en), ("네", .ko), ("예", .ko)].enumerated() {
            let file = folder.appendingPathComponent("brainy-\(index).db").path
            let harness = try ShellHarness(databasePath: file)
            let said = run(harness, ["register mina@example.com", "longpassword", "longpassword", answer, "exit"],
                           language: language)
            harness.database.close()
            #expect(!said.contains("Signed out") && !said.contains("로그인을 끝냈습니다"), "\(answer): \(said)")
            #expect(try nextStart(on: file).user?.displayName == "mina@example.com", "\(answer)")
        }
    }

    @Test func aKoreanNoIsANo() throws {
        let harness = try ShellHarness(databasePath: path)
        let said = run(harness, ["register mina@example.com", "longpassword", "longpassword", "아니요", "exit"],
                       language: .ko)
        harness.database.close()
        #expect(said.contains("이 컴퓨터에는 저장하지 않습니다. exit하면 로그아웃됩니다."), "\(said)")
        #expect(said.contains("이 컴퓨터에 남기지 않기로 한 로그인을 끝냈습니다."), "\(said)")
        #expect(try nextStart().user == nil)
    }

    @Test func aScriptIsNotAskedAndKeepsTheSignInUnlessItsRunSaysNot() throws {
        let harness = try ShellHarness(databasePath: path)
        // Not asked: the line after the passwords is the script's next command, not an answer.
        let kept = run(harness, ["register mina@example.com", "longpassword", "longpassword", "state"], terminal: false)
        #expect(kept.contains("signed in as mina@example.com") || kept.contains("mina@example.com"), "\(kept)")
        #expect(try harness.database.currentSession()?.remembered == true)

        let notKept = run(harness, ["logout", "login email mina@example.com", "longpassword", "state"],
                          terminal: false, remember: false)
        harness.database.close()
        #expect(notKept.contains("Signed out: this computer was not to keep the sign-in."), "\(notKept)")
        #expect(try nextStart().user == nil)
    }

    @Test func aTerminalStartedWithRememberSignInOnIsNotAsked() throws {
        let harness = try ShellHarness(databasePath: path)
        // The line after the passwords is the next command, not an answer.
        let said = run(harness, ["register mina@example.com", "longpassword", "longpassword", "state", "exit"],
                       remember: true)
        harness.database.close()
        #expect(said.contains("State: home"), "\(said)")
        #expect(!said.contains("will not keep"), "\(said)")
        #expect(try nextStart().user?.displayName == "mina@example.com")
    }

    @Test func aStartThatFindsASignInLeftBehindEndsItInsteadOfRestoringIt() throws {
        // A shell signed in without keeping it, then was killed: its hold on the sign-in went with it (closing the
        // connection lets go of it as the kernel does for a killed process).
        let killed = try ShellHarness(databasePath: path)
        let user = try killed.database.createEmailUser(email: "mina@example.com", passwordHash: "x", now: ShellHarness.start)
        _ = try killed.database.startSession(userId: user.id, now: ShellHarness.start, timeout: 3600, remembered: false)
        try TokenKeeper(repository: killed.database, keyring: nil)
            .save(TokenKeeperTests.tokens, userId: user.id, inMemory: true)
        killed.database.close()

        let next = try nextStart()

        #expect(next.user == nil)
        #expect(next.said.contains("The last sign-in was not to be kept on this computer, so it has ended"), "\(next.said)")
        let database = try AppDatabase.openFile(at: path)
        defer { database.close() }
        #expect(try database.currentSession() == nil)
        #expect(try database.remoteTokens(userId: user.id) == nil)
    }

    @Test func aStartWhileTheShellThatHoldsItRunsLeavesItAlone() throws {
        let running = try ShellHarness(databasePath: path)
        defer { running.database.close() }
        let user = try running.database.createEmailUser(email: "mina@example.com", passwordHash: "x", now: ShellHarness.start)
        let session = try running.database.startSession(userId: user.id, now: ShellHarness.start, timeout: 3600,
                                                        remembered: false)

        let next = try nextStart()

        #expect(next.user == nil)
        #expect(next.said.contains("Another shell is using a sign-in this computer does not keep"), "\(next.said)")
        #expect(try running.database.currentSession() == session)
    }

    @Test func aRememberedSignInIsRestoredAsBefore() throws {
        let harness = try ShellHarness(databasePath: path)
        let user = try harness.database.createEmailUser(email: "mina@example.com", passwordHash: "x", now: ShellHarness.start)
        _ = try harness.database.startSession(userId: user.id, now: ShellHarness.start, timeout: 3600)
        harness.database.close()

        #expect(try nextStart().user?.id == user.id)
    }
}
