import Foundation
import Testing

/// "Remember me" where a keyring answers: the built `brainy` on a pseudo-terminal (TERM=xterm-256color, 24 rows), in a
/// session bus of the test's own (`dbus-run-session`) in which `gnome-keyring-daemon --unlock` makes and unlocks a
/// keyring headless, against the built `brainy-server`. Answered no, the keyring never gets an item: after `exit`
/// `secret-tool search --all` finds none, the database file holds no token, and a new start in the same session is
/// signed out. Answered yes, the keyring holds the sign-in's item and a new start is signed in with it.
/// scripts/setup installs the programs (gnome-keyring, libsecret-tools, dbus): without them these tests fail.
@Suite(.serialized) struct RememberSignInKeyringEndToEndTests: ServerHomeSuite {
    let serverHome: ServerHome

    init() throws {
        serverHome = try ServerHome(prefix: "brainy-remember-keyring-e2e")
    }

    /// The terminal's session: the keyring made and unlocked, the shell as the person runs it, then what is left in
    /// the keyring and what a new start says, each after a line of its own.
    static let script = """
        printf '\\n' | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 3
        "$BRAINY" $ARGS
        echo '--- after'
        secret-tool search --all --unlock service brainy-slot 2>&1
        echo '--- next start'
        printf 'state\\nprofile\\n' | "$BRAINY" $ARGS 2>&1
        echo '--- end'
        """

    func launch() throws -> PseudoTerminal {
        try KeyringEndToEndTests.requirePrograms()
        let shell = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["--default-signal", "dbus-run-session", "--", "sh", "-c", Self.script],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_RUNTIME_DIR": home.path, "PATH": "/usr/bin:/bin",
                          "BRAINY": PseudoTerminal.builtProduct(named: "brainy").path,
                          "ARGS": "--db \(database.path) --lang en --server \(server.url)"],
            rows: 24)
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        return shell
    }

    /// Signs in with email at the terminal (the account made beforehand), answering the "remember me" question with
    /// `answer`, then shows `profile`, leaves, and waits for the rest of the script.
    func signInAndLeave(answering answer: String) throws -> PseudoTerminal {
        try RememberSignInEndToEndTests.makeAccount(on: server, in: home)
        let shell = try launch()
        try RememberSignInEndToEndTests.signIn(shell, answering: answer)
        shell.sendLine("profile")
        _ = try shell.expect("tokens kept in")
        try shell.waitForRawMode()
        try RememberSignInEndToEndTests.leave(shell, saying: "--- end")
        return shell
    }

    /// Whether the database file or its log holds a token (a row's refresh token that is not empty).
    func databaseHoldsAToken() throws -> Bool {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: database.path + suffix)))
        }
        return String(decoding: bytes, as: UTF8.self).contains(/"refreshToken":"[^"]/)
    }

    @Test func answeredNoTheKeyringNeverHoldsTheSignIn() throws {
        let shell = try signInAndLeave(answering: "n")
        let printed = shell.output
        #expect(printed.contains("tokens kept in   memory only (not kept on this computer; forgotten at exit)"), "\(printed)")
        #expect(printed.contains("Signed out: this computer was not to keep the sign-in."), "\(printed)")
        #expect(!printed.part("after").contains("attribute.service = brainy"), "\(printed)")
        #expect(printed.part("next start").contains("State: signed_out"), "\(printed)")
        #expect(try !databaseHoldsAToken())
    }

    @Test func answeredYesTheKeyringHoldsTheSignInAndANewStartUsesIt() throws {
        let shell = try signInAndLeave(answering: "y")
        let printed = shell.output
        #expect(printed.contains("tokens kept in   the keyring"), "\(printed)")
        #expect(printed.part("after").contains("attribute.service = brainy-slot"), "\(printed)")
        let next = printed.part("next start")
        #expect(!next.contains("State: signed_out") && next.contains("tokens kept in   the keyring"), "\(printed)")
        #expect(try !databaseHoldsAToken())
    }
}
