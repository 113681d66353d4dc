import Foundation
import Testing

/// The built `brainy` against the built `brainy-server`, keeping its sign-in in a real GNOME Keyring: a session bus
/// of the test's own (`dbus-run-session`) in which `gnome-keyring-daemon --unlock` makes and unlocks a keyring with an
/// empty password, headless. The tokens go there, a second run reads them back, `logout` clears them, and the
/// database file never holds them; without a bus the file holds them as before. `brainy -c help` asks no keyring.
/// scripts/setup installs the programs (gnome-keyring, libsecret-tools, dbus): without them these tests fail.
@Suite(.serialized) struct KeyringEndToEndTests: ServerHomeSuite {
    let serverHome: ServerHome

    init() throws {
        serverHome = try ServerHome(prefix: "brainy-keyring-e2e")
    }

    /// Seconds a script may run: each takes a few.
    static let deadline = 120

    /// Registers on the server, accepting its terms and privacy policy ("y").
    static let register = "register mina@example.com\ncorrect horse\ncorrect horse\ny\n"

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    struct TimedOut: Error, CustomStringConvertible {
        let description: String
    }

    static func requirePrograms() throws {
        for name in ["dbus-run-session", "gnome-keyring-daemon", "secret-tool"]
        where !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)") {
            throw Missing(description: "\(name) is not installed: run `bash scripts/setup` (it installs the Debian packages gnome-keyring, libsecret-tools and dbus), then run the test again.")
        }
    }

    /// Runs `script` (sh) with the test's HOME, `BRAINY` the built shell and `ARGS`' words its flags; in a session bus
    /// with an unlocked keyring when `keyring`. What it printed.
    func run(_ script: String, keyring: Bool, path: String = "/usr/bin:/bin") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let prelude = "printf '\\n' | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 3\n"
        // `env --default-signal`: a child inherits the test's blocked signals; unblocked, the bus and the daemon end on
        // the SIGTERM that dbus-run-session sends them when the script ends.
        // `timeout -s KILL`: a script still running after `deadline` seconds (a shell or a `secret-tool --unlock`
        // waiting on a prompt) is ended with its children, and the run fails rather than hang.
        let bounded = ["timeout", "-s", "KILL", "\(Self.deadline)", "sh", "-c"]
        process.arguments = keyring
            ? ["--default-signal", "dbus-run-session", "--"] + bounded + [prelude + script]
            : ["--default-signal"] + bounded + [script]
        process.environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_RUNTIME_DIR": home.path, "LANG": "C.UTF-8",
            "PATH": path, "BRAINY": PseudoTerminal.builtProduct(named: "brainy").path,
            "ARGS": "--db \(database.path) --lang en --server \(server.url)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // 137: SIGKILL, which only the deadline sends.
        if process.terminationStatus == 137 {
            throw TimedOut(description: "The script did not end within \(Self.deadline) s:\n\(printed)")
        }
        return printed
    }

    /// Every byte the shell's database keeps on disk: the file and its write-ahead log.
    func databaseBytes() throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: database.path + suffix)))
        }
        return bytes
    }

    @Test func theKeyringHoldsTheTokensASecondRunReadsThemAndLogoutClearsThem() throws {
        try Self.requirePrograms()
        let printed = try run("""
            printf '\(Self.register)profile\\n' | "$BRAINY" $ARGS
            echo '--- kept'
            secret-tool search --all --unlock service brainy-slot
            echo '--- second run'
            printf 'sync\\nprofile\\n' | "$BRAINY" $ARGS
            echo '--- logout'
            printf 'logout\\n' | "$BRAINY" $ARGS
            echo '--- after'
            secret-tool search --all --unlock service brainy-slot
            echo '--- end'
            """, keyring: true)
        let first = printed.components(separatedBy: "--- kept").first ?? ""
        #expect(first.contains("Created the account mina@example.com"), "\(printed)")
        #expect(first.contains("tokens kept in   the keyring"), "\(printed)")
        // The keyring's item: under the shell's service, its secret the two tokens.
        let kept = printed.part("kept")
        #expect(kept.contains("attribute.service = brainy-slot"), "\(printed)")
        #expect(kept.contains("attribute.server = \(server.url)"), "\(printed)")
        let refresh = try #require(kept.firstMatch(of: /"refreshToken":"([^"]+)"/)?.output.1, "\(printed)")
        // A new run reads them back: it syncs as the signed-in account, and the sign-in is still in the keyring.
        let second = printed.part("second run")
        #expect(second.contains("Synced"), "\(printed)")
        #expect(!second.contains("sign-in on the server has ended"), "\(printed)")
        #expect(second.contains("tokens kept in   the keyring"), "\(printed)")
        // logout clears the keyring's item.
        #expect(!printed.part("after").contains("attribute.service = brainy"), "\(printed)")
        // The database file never held the refresh token.
        #expect(try databaseBytes().range(of: Data(String(refresh).utf8)) == nil)
    }

    @Test func withoutASessionBusTheDatabaseFileHoldsTheTokens() throws {
        try Self.requirePrograms()
        let printed = try run("printf '\(Self.register)profile\\n' | \"$BRAINY\" $ARGS", keyring: false)
        #expect(printed.contains("Created the account mina@example.com"), "\(printed)")
        #expect(printed.contains("tokens kept in   the database file"), "\(printed)")
        #expect(try databaseBytes().range(of: Data("refreshToken".utf8)) != nil)
    }

    @Test func startingTheShellAsksNoKeyringASignInDoes() throws {
        // A secret-tool of the test's first on PATH: it notes each time it is started, and refuses (no keyring).
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let marker = home.appendingPathComponent("secret-tool-ran")
        let fake = bin.appendingPathComponent("secret-tool")
        try "#!/bin/sh\necho \"$1\" >> '\(marker.path)'\necho 'secret-tool: no keyring' >&2\nexit 1\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = "\(bin.path):/usr/bin:/bin"

        _ = try run("\"$BRAINY\" $ARGS -c help >/dev/null", keyring: false, path: path)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "brainy -c help started secret-tool")

        let printed = try run("printf '\(Self.register)profile\\n' | \"$BRAINY\" $ARGS", keyring: false, path: path)
        #expect(printed.contains("tokens kept in   the database file"), "\(printed)")
        #expect((try? String(contentsOf: marker, encoding: .utf8))?.contains("store") == true)
    }
}
