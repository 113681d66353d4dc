import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Testing

/// The terms of use and the privacy policy, as a person meets them: the built shell on a pseudo-terminal
/// (xterm-256color, 24 rows, the shipped config) against the built brainy-server on loopback.
@Suite(.serialized) struct ConsentEndToEndTests {
    let home: URL
    let server: ServerProcess
    static let password = "correct horse"

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-consent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        server = try ServerProcess(folder: home)
    }

    func launch(_ language: String = "en") throws -> PseudoTerminal {
        let shell = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("shell.sqlite").path, "--lang", language,
                        "--server", server.url],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_RUNTIME_DIR": home.path, "PATH": "/usr/bin:/bin"],
            rows: 24)
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        return shell
    }

    /// Types `register` and both passwords, each once its prompt is shown.
    func register(_ shell: PseudoTerminal, _ email: String, prompts: (String, String) = ("Password (", "Password again"))
        throws {
        shell.sendLine("register \(email)")
        _ = try shell.expect(prompts.0)
        shell.sendLine(Self.password)
        _ = try shell.expect(prompts.1)
        shell.sendLine(Self.password)
    }

    /// Keeps the sign-in just accepted (yes to "Stay signed in"), syncs and exits: nothing on the way says the server
    /// still wants the terms accepted.
    func staySignedInSyncAndExit(_ shell: PseudoTerminal) throws {
        _ = try shell.expect("Stay signed in on this computer? [Y/n]")
        shell.sendLine("y")
        _ = try shell.expect("Signed in as mina@example.com")
        shell.sendLine("sync")
        _ = try shell.expect("Sync")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(!shell.output.contains("consent_required"))
        #expect(!shell.output.contains("The server asks this account to accept"))
    }

    @Test func registerShowsBothTextsAndMakesTheAccountOnlyOnceAccepted() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = try launch()
        try register(shell, "mina@example.com")
        _ = try shell.expect("Before the account is made, accept the terms of use and privacy policy:")
        _ = try shell.expect("Brainy terms of use (2026-11-27)")
        _ = try shell.expect("Brainy privacy policy (2026-11-27)")
        _ = try shell.expect("Do you accept the terms of use and privacy policy? [y/N]")
        // Enter alone is no: nothing is made, and the shell says how to accept.
        shell.sendLine("")
        _ = try shell.expect("No account was made")
        _ = try shell.expect("answer 'y'")
        try shell.waitForRawMode()
        shell.sendLine("state")
        _ = try shell.expect("signed_out")
        // Asked again, accepted: the account is made (the email was still free) and signed in.
        try register(shell, "mina@example.com")
        _ = try shell.expect("[y/N]")
        shell.sendLine("y")
        _ = try shell.expect("Created the account mina@example.com on the server")
        try staySignedInSyncAndExit(shell)
    }

    @Test func theQuestionIsAskedInKorean() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = try launch("ko")
        try register(shell, "jun@example.com", prompts: ("비밀번호 (", "비밀번호 확인"))
        _ = try shell.expect("계정을 만들기 전에 이용약관과 개인정보 처리방침에 동의해 주세요:")
        _ = try shell.expect("Brainy 이용약관 (2026-11-27)")
        _ = try shell.expect("Brainy 개인정보 처리방침 (2026-11-27)")
        _ = try shell.expect("이용약관과 개인정보 처리방침에 동의합니까? [y/N]")
        shell.sendLine("n")
        _ = try shell.expect("계정을 만들지 않았습니다")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    /// The operator publishes new terms (`--consent-documents`): the next sign-in shows them; declined, the shell is
    /// signed out and the server refuses the sign-in's tokens; accepted, the account is used as before.
    @Test func aNewVersionIsAskedAtTheNextSignIn() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let made = try registerThroughAPipe(on: "setup.sqlite", then: ["logout"])
        #expect(made.out.contains("Created the account mina@example.com"), "\(made.out)")

        var documents = ConsentDocument.bundled
        documents[0].version = "2027-01-15"
        documents[0].text = Localized(ko: "Brainy 이용약관 (2027-01-15)\n새 조항.", en: "Brainy terms of use (2027-01-15)\nA new clause.")
        try publish(documents)

        let shell = try launch()
        shell.sendLine("login email mina@example.com")
        _ = try shell.expect("Password")
        shell.sendLine(Self.password)
        _ = try shell.expect("To use this account, accept the terms of use.")
        _ = try shell.expect("A new clause.")
        _ = try shell.expect("Do you accept the terms of use? [y/N]")
        shell.sendLine("n")
        _ = try shell.expect("Signed out: this account cannot be used until the terms of use and privacy policy are accepted.")
        try shell.waitForRawMode()
        // The declined sign-in was ended on the server too: no refresh token of the account is live.
        #expect(try liveRefreshTokens() == 0)
        shell.sendLine("state")
        _ = try shell.expect("signed_out")
        shell.sendLine("login email mina@example.com")
        _ = try shell.expect("Password")
        shell.sendLine(Self.password)
        _ = try shell.expect("[y/N]")
        shell.sendLine("y")
        try staySignedInSyncAndExit(shell)
        #expect(try liveRefreshTokens() == 1)
    }

    /// A sign-in this computer kept from before the new version: the next `sync` is refused by the server, so the
    /// shell shows the new text there and asks; accepted, the same sync goes through; declined, signed out.
    @Test func aKeptSignInIsAskedAtSyncWhenANewVersionIsPublished() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        var documents = try registerThenPublishANewVersion()

        let shell = try launch()
        shell.sendLine("state")
        _ = try shell.expect("mina@example.com")
        shell.sendLine("sync")
        _ = try shell.expect("To use this account, accept the terms of use and privacy policy.")
        _ = try shell.expect("A new clause.")
        _ = try shell.expect("[y/n]")
        shell.sendLine("y")
        _ = try shell.expect("✔ Synced")
        try shell.waitForRawMode()
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)

        // Published again, and declined this time: signed out, and the sign-in ended on the server.
        documents[1].version = "2027-03-01"
        try publish(documents)
        let again = try launch()
        again.sendLine("sync")
        _ = try again.expect("[y/n]")
        again.sendLine("n")
        _ = try again.expect("Signed out: this account cannot be used until")
        try again.waitForRawMode()
        again.sendLine("state")
        _ = try again.expect("signed_out")
        again.sendLine("exit")
        #expect(try again.waitForExit() == 0)
        #expect(try liveRefreshTokens() == 0)
    }

    /// Registers mina@example.com through a pipe on `database` in `home` (accepting the terms), then runs `more`.
    @discardableResult
    func registerThroughAPipe(on database: String, then more: [String] = []) throws
        -> (status: Int32, out: String, err: String) {
        let made = try BrainyProcess.run(
            ["--db", home.appendingPathComponent(database).path, "--lang", "en", "--server", server.url],
            stdin: (["register mina@example.com", Self.password, Self.password, "y"] + more).joined(separator: "\n") + "\n")
        #expect(made.status == 0, "\(made.out)\n\(made.err)")
        return made
    }

    /// Restarts the server serving `documents` (written to `consent.json`, given as its `--consent-documents`).
    func publish(_ documents: [ConsentDocument]) throws {
        let file = home.appendingPathComponent("consent.json")
        try JSONEncoder().encode(ConsentDocumentsResponse(documents: documents)).write(to: file)
        server.kill()
        server.extraArguments = ["--consent-documents", file.path]
        try server.start()
    }

    /// Registers mina@example.com through a pipe (kept on `shell.sqlite`), then publishes a new privacy policy and
    /// restarts the server with it; returns the documents it serves.
    @discardableResult
    func registerThenPublishANewVersion() throws -> [ConsentDocument] {
        try registerThroughAPipe(on: "shell.sqlite")
        var documents = ConsentDocument.bundled
        documents[1].version = "2027-02-01"
        documents[1].text = Localized(ko: "Brainy 개인정보 처리방침 (2027-02-01)\n새 조항.",
                                      en: "Brainy privacy policy (2027-02-01)\nA new clause.")
        try publish(documents)
        return documents
    }

    /// `brainy -c sync` (cron) and a `-f` script after a new version: nothing is asked where nobody reads, the sync is
    /// refused saying to run it at a terminal, and the sign-in is kept here and on the server; a script's next line is
    /// never taken for an answer.
    @Test func aNewVersionAtSyncWithoutATerminalKeepsTheSignIn() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try registerThenPublishANewVersion()
        let database = home.appendingPathComponent("shell.sqlite").path
        let cron = try BrainyProcess.run(["--db", database, "--lang", "en", "--server", server.url, "-c", "sync"])
        #expect(cron.status != 0)
        #expect((cron.out + cron.err).contains("this run is not at a terminal"), "\(cron.out)\n\(cron.err)")
        #expect(!(cron.out + cron.err).contains("Signed out"))
        #expect(try liveRefreshTokens() == 1)

        let script = home.appendingPathComponent("nightly.brainy")
        try "sync\nlogout\n".write(to: script, atomically: true, encoding: .utf8)
        let scripted = try BrainyProcess.run(["--db", database, "--lang", "en", "--server", server.url, "-f", script.path])
        #expect((scripted.out + scripted.err).contains("Run 'sync' (or 'login') at a terminal"),
                "\(scripted.out)\n\(scripted.err)")
        #expect(!(scripted.out + scripted.err).contains("[y/"))
        #expect(try liveRefreshTokens() == 1)

        let after = try BrainyProcess.run(["--db", database, "--lang", "en", "--server", server.url, "-c", "state"])
        #expect(after.out.contains("mina@example.com"), "\(after.out)\n\(after.err)")
    }

    /// At a terminal, Ctrl-C at the question of `sync` cancels: nothing synced, still signed in here and on the
    /// server; Enter alone is no answer either; only a typed no signs out.
    @Test func ctrlCAtTheSyncQuestionKeepsTheSignIn() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try registerThenPublishANewVersion()
        // The server says at start which versions it asks for (an operator sees two instances disagree).
        #expect(server.startOutput.contains("consent versions in force"), "\(server.startOutput)")
        #expect(server.startOutput.contains("privacy@2027-02-01"), "\(server.startOutput)")
        let shell = try launch()
        shell.sendLine("sync")
        _ = try shell.expect("Do you accept the terms of use and privacy policy? [y/n]")
        shell.send("\u{3}")
        _ = try shell.expect("Nothing was synced")
        // The question comes first, not a list of the parts the refused sync skipped.
        #expect(!shell.output.contains("Skipped the server's summary"))
        #expect(!shell.output.contains("Download stopped"))
        try shell.waitForRawMode()
        shell.sendLine("state")
        _ = try shell.expect("mina@example.com")
        #expect(try liveRefreshTokens() == 1)
        shell.sendLine("sync")
        _ = try shell.expect("[y/n]")
        shell.sendLine("")
        _ = try shell.expect("Nothing was synced")
        try shell.waitForRawMode()
        #expect(try liveRefreshTokens() == 1)
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(!shell.output.contains("Signed out"))
    }

    /// Refresh tokens the server still honours, read from its database file.
    func liveRefreshTokens() throws -> Int {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: server.databasePath, configuration: config).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM refresh_token WHERE revokedAt IS NULL AND usedAt IS NULL") ?? -1
        }
    }
}
