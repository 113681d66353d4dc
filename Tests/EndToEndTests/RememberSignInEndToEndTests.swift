import Foundation
import Glibc
import Testing

/// "Remember me" on the person's path: the built `brainy` on a pseudo-terminal (TERM=xterm-256color, 24 rows, the
/// shipped config) against the built `brainy-server` on loopback. Answered no, the sign-in's tokens live in the
/// shell's memory only: after `exit` the database file holds no token and no open sign-in, the server has been told
/// the refresh token is finished, and a new start is signed out; a shell killed before its `exit` leaves a sign-in the
/// next start ends. Answered yes, everything is as before: the file keeps the tokens and a new start is signed in.
/// The keyring's twins (a headless GNOME Keyring in a session bus of the test's own) are in
/// `RememberSignInKeyringEndToEndTests`.
@Suite(.serialized) struct RememberSignInEndToEndTests: ServerHomeSuite {
    let serverHome: ServerHome

    init() throws {
        serverHome = try ServerHome(prefix: "brainy-remember-e2e")
    }

    static let email = "mina@example.com"
    static let password = "correct horse"

    /// The account, made on the server from a throwaway database (a pipe, as a script would): the shell under test
    /// starts from a file that never held a sign-in. The line after the passwords answers the terms' question where
    /// the server asks one; where it asks none it is an unknown command that ends the script, after the account was
    /// made (the sign-in on the shell's side checks that it was).
    func makeAccount() throws {
        try Self.makeAccount(on: server, in: home)
    }

    static func makeAccount(on server: ServerProcess, in home: URL) throws {
        _ = try BrainyProcess.run(
            ["--db", home.appendingPathComponent("setup.sqlite").path, "--lang", "en", "--server", server.url],
            stdin: ["register \(email)", password, password, "y", "logout"].joined(separator: "\n") + "\n")
    }

    /// The shell on a pseudo-terminal, as a person starts it, ready for keys.
    func launch(environment extra: [String: String] = [:], language: String = "en") throws -> PseudoTerminal {
        let shell = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", language, "--server", server.url],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_RUNTIME_DIR": home.path, "PATH": "/usr/bin:/bin"].merging(extra) { $1 },
            rows: 24)
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        return shell
    }

    /// Types `login email` and the password at the terminal, each once asked, up to the "remember me" question.
    static func loginUpToTheQuestion(_ shell: PseudoTerminal, passwordPrompt: String = "Password",
                                     question: String = "Stay signed in on this computer? [Y/n]") throws {
        shell.sendLine("login email \(email)")
        _ = try shell.expect(passwordPrompt)
        shell.sendLine(password)
        _ = try shell.expect(question)
    }

    /// Signs in with email at the terminal, answering the "remember me" question with `answer`.
    static func signIn(_ shell: PseudoTerminal, answering answer: String) throws {
        try loginUpToTheQuestion(shell)
        shell.sendLine(answer)
        _ = try shell.expect("Signed in as \(email)")
        try shell.waitForRawMode()
    }

    /// The account made, then the shell started and signed in at the terminal answering `answer`; `before` is how
    /// many refresh tokens the server honoured ahead of the start.
    func startSignedIn(answering answer: String, environment: [String: String] = [:]) throws
        -> (shell: PseudoTerminal, before: Int) {
        try makeAccount()
        let before = try liveRefreshTokens()
        let shell = try launch(environment: environment)
        try Self.signIn(shell, answering: answer)
        return (shell, before)
    }

    /// Types `exit`, waits for `farewell` where one is said, and expects the shell to end with status 0.
    static func leave(_ shell: PseudoTerminal,
                      saying farewell: String? = "Signed out: this computer was not to keep the sign-in.",
                      timeout: Duration = PseudoTerminal.patience) throws {
        shell.sendLine("exit")
        if let farewell { _ = try shell.expect(farewell) }
        #expect(try shell.waitForExit(timeout: timeout) == 0)
    }

    /// What `sqlite3` prints for `sql` on `path` (the program a person would look with).
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = try #require(onPath("sqlite3"), "sqlite3 is not on PATH: install it to read the file as a person would")
        process.arguments = [path, sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where `name` is on PATH, as a shell would find it.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Every byte the shell's database keeps on disk: the file and its write-ahead log, as `strings` would read them.
    func databaseText() throws -> String {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: database.path + suffix)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A token anywhere in the file or its log: a row's refresh token that is not empty.
    func holdsAToken() throws -> Bool {
        // (Not any JWT: the ads a sync caches carry signed impression tokens of the same shape.)
        try databaseText().contains(/"refreshToken":"[^"]/)
    }

    /// A device cookie (`dc1.<account>.<nonce>.<mac>`, as the server issues them) anywhere in the file or its log,
    /// a deleted row's bytes included.
    func holdsACookie() throws -> Bool {
        try databaseText().contains(/dc1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{20,}/)
    }

    /// The line editor's history file as the run left it (empty when there is none).
    func historyText() -> String {
        (try? String(contentsOf: home.appendingPathComponent("brainy/history"), encoding: .utf8)) ?? ""
    }

    /// How many refresh tokens the server still honours.
    func liveRefreshTokens() throws -> Int {
        Int(try Self.sqlite(server.databasePath, "SELECT count(*) FROM refresh_token WHERE revokedAt IS NULL")) ?? -1
    }

    /// Who a new start is signed in as, as `state` says it in a script.
    func stateOfANewStart() throws -> String {
        try BrainyProcess.run(["--db", database.path, "--lang", "en", "--server", server.url], stdin: "state\n",
                              environment: ["HOME": home.path, "XDG_DATA_HOME": home.path]).out
    }

    @Test func answeredNoNothingOfTheSignInIsLeftAfterExit() throws {
        let (shell, before) = try startSignedIn(answering: "n")
        shell.sendLine("profile")
        _ = try shell.expect("memory only (not kept on this computer; forgotten at exit)")
        // While it runs the file says who is signed in where, and holds no token, nor the device's cookie.
        #expect(try !holdsAToken())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'deviceCookie%'") == "0")
        #expect(try !holdsACookie())
        #expect(try liveRefreshTokens() == before + 1)
        try shell.waitForRawMode()
        try Self.leave(shell)

        let text = try databaseText()
        #expect(!text.contains(/"refreshToken":"[^"]/), "\(text)")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
        // The server was told: the refresh token is worthless.
        #expect(try liveRefreshTokens() == before)
        // Nor does this computer stay the account's known device (past its lock-out as its owner's).
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'deviceCookie%'") == "0")
        #expect(try !holdsACookie())
        // The person's account stays on the device; only the sign-in went.
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM user WHERE email = '\(Self.email)'") == "1")
        #expect(try stateOfANewStart().contains("State: signed_out"))
        // Nor does the line editor's history keep the sign-in's line (the commands after it are kept).
        #expect(!historyText().contains(Self.email), "\(historyText())")
        #expect(historyText().contains("profile"), "\(historyText())")
    }

    @Test func answeredYesTheSignInIsKeptAndRestoredAsBefore() throws {
        let (shell, before) = try startSignedIn(answering: "y")
        try Self.leave(shell, saying: nil)
        #expect(!shell.output.contains("Signed out"))

        #expect(try holdsAToken())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "1")
        #expect(try liveRefreshTokens() == before + 1)
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'deviceCookie%'") == "1")
        #expect(try holdsACookie())
        #expect(historyText().contains(Self.email), "\(historyText())")
        let next = try stateOfANewStart()
        #expect(next.contains(Self.email) && !next.contains("State: signed_out"), "\(next)")
    }

    @Test func aScriptStartedWithRememberSignInOffLeavesNothingOfItsSignIn() throws {
        try makeAccount()
        let before = try liveRefreshTokens()
        // Not asked (the line after the password is the script's next command), and not kept.
        let run = try BrainyProcess.run(
            ["--db", database.path, "--lang", "en", "--server", server.url, "--remember-sign-in", "off"],
            stdin: ["login email \(Self.email)", Self.password, "sync", "profile"].joined(separator: "\n") + "\n",
            environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Synced"), "\(run.out)")
        #expect(run.out.contains("memory only (not kept on this computer; forgotten at exit)"), "\(run.out)")
        #expect(run.out.contains("Signed out: this computer was not to keep the sign-in."), "\(run.out)")
        #expect(try !holdsAToken())
        #expect(try liveRefreshTokens() == before)
        #expect(try stateOfANewStart().contains("State: signed_out"))
    }

    /// The server stops answering before `exit` (a request may wait a minute here): the shell does not wait for it
    /// beyond its few seconds' bound, and what was on disk has gone all the same.
    @Test func aServerThatNoLongerAnswersDoesNotHoldUpExit() throws {
        let shell = try startSignedIn(answering: "n", environment: ["BRAINY_SERVER_TIMEOUT": "60"]).shell
        server.freeze()
        defer { server.thaw() }
        try Self.leave(shell, timeout: .seconds(20))
        #expect(try !holdsAToken())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
    }

    /// In Korean, typed through the line editor: the question, a Korean no, and what is said at exit.
    @Test func inKoreanANoIsTypedAndSaid() throws {
        try makeAccount()
        let shell = try launch(language: "ko")
        try Self.loginUpToTheQuestion(shell, passwordPrompt: "비밀번호", question: "이 컴퓨터에서 로그인 상태를 유지할까요? [Y/n]")
        shell.sendLine("아니요")
        _ = try shell.expect("이 컴퓨터에는 저장하지 않습니다. exit하면 로그아웃됩니다.")
        _ = try shell.expect("로그인했습니다")
        try shell.waitForRawMode()
        shell.sendLine("profile")
        _ = try shell.expect("메모리에만 (이 컴퓨터에 남기지 않음, exit하면 잊음)")
        try shell.waitForRawMode()
        try Self.leave(shell, saying: "이 컴퓨터에 남기지 않기로 한 로그인을 끝냈습니다.")
        #expect(try !holdsAToken())
        #expect(try stateOfANewStart().contains("State: signed_out"))
    }

    /// A second shell started on the same file while the first still runs with a sign-in not to be kept: it leaves
    /// that sign-in alone (starting signed out, saying why), and the first goes on signed in.
    @Test func aSecondShellLeavesTheRunningShellsSignInAlone() throws {
        let first = try startSignedIn(answering: "n").shell

        let second = try stateOfANewStart()
        #expect(second.contains("Another shell is using a sign-in this computer does not keep"), "\(second)")
        #expect(second.contains("State: signed_out"), "\(second)")

        first.sendLine("sync")
        _ = try first.expect("Synced")
        try first.waitForRawMode()
        try Self.leave(first)
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
    }

    @Test func aShellKilledBeforeItsExitLeavesASignInTheNextStartEnds() throws {
        let shell = try startSignedIn(answering: "n").shell
        shell.kill(signal: SIGKILL)
        #expect(try shell.waitForExit() == 128 + SIGKILL)
        #expect(try !holdsAToken())

        let next = try stateOfANewStart()
        #expect(next.contains("The last sign-in was not to be kept on this computer, so it has ended"), "\(next)")
        #expect(next.contains("State: signed_out"), "\(next)")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'deviceCookie%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
    }

    @Test func aShellKilledWhileItAsksLeavesNothingOfTheSignIn() throws {
        try makeAccount()
        let shell = try launch()
        try Self.loginUpToTheQuestion(shell)
        // The question is on screen: the server said yes, nothing is decided.
        #expect(try !holdsACookie())
        #expect(try !holdsAToken())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        shell.kill(signal: SIGKILL)
        #expect(try shell.waitForExit() == 128 + SIGKILL)

        #expect(try !holdsACookie())
        #expect(try !holdsAToken())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'deviceCookie%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
        #expect(try stateOfANewStart().contains("State: signed_out"))
    }

    @Test func aNoOverASignInThisComputerKeptLeavesNoRefreshTokenLiveOrOnDisk() throws {
        let (first, before) = try startSignedIn(answering: "y")
        try Self.leave(first, saying: nil)
        let row = try Self.sqlite(database.path, "SELECT value FROM syncState WHERE key LIKE 'tokens:%'")
        let kept = try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any]
        let earlier = try #require(kept?["refreshToken"] as? String)
        #expect(!earlier.isEmpty)
        #expect(try liveRefreshTokens() == before + 1)

        // Started signed in with the kept sign-in, the person signs in again and answers no.
        let shell = try launch()
        try Self.signIn(shell, answering: "n")
        // The earlier sign-in was ended on the server before its row went: only the new one is live.
        #expect(try liveRefreshTokens() == before + 1)
        try Self.leave(shell)

        let text = try databaseText()
        #expect(!text.contains(earlier))
        #expect(try !holdsAToken())
        #expect(try !holdsACookie())
        #expect(try liveRefreshTokens() == before)
        #expect(try stateOfANewStart().contains("State: signed_out"))
    }

    /// A window closed (SIGHUP) or a shell asked to stop (SIGTERM) ends the run as `exit` does: the sign-in answered
    /// no ends here and on the server, and the status says which signal it was.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalEndsTheRunAsExitDoes(signal: Int32) throws {
        let (shell, before) = try startSignedIn(answering: "n")
        #expect(try liveRefreshTokens() == before + 1)

        shell.kill(signal: signal)
        #expect(try shell.waitForExit() == 128 + signal)

        #expect(try !holdsAToken())
        #expect(try !holdsACookie())
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM authSession WHERE endedAt IS NULL") == "0")
        // The server was told at once, not left to the refresh token's expiry.
        #expect(try liveRefreshTokens() == before)
        let next = try stateOfANewStart()
        #expect(next.contains("State: signed_out"), "\(next)")
        #expect(!next.contains("The last sign-in was not to be kept"), "\(next)")
    }

    /// At the terminal Ctrl-D at the question is no more a yes than Ctrl-C: nothing is kept.
    @Test func ctrlDAtTheQuestionKeepsNothing() throws {
        try makeAccount()
        let shell = try launch()
        try Self.loginUpToTheQuestion(shell)
        try shell.waitForRawMode()
        shell.send("\u{04}")
        _ = try shell.expect("Nothing is saved on this computer; 'exit' signs you out.")
        _ = try shell.expect("Signed in as \(Self.email)")
        try shell.waitForRawMode()
        #expect(try !holdsAToken())
        try Self.leave(shell)
        #expect(try Self.sqlite(database.path, "SELECT count(*) FROM syncState WHERE key LIKE 'tokens:%'") == "0")
        #expect(try stateOfANewStart().contains("State: signed_out"))
    }
}
