import Foundation
import Testing

/// Issue 25, items 5 and 9, through the built binary: what a person typed is never kept when it may be a password
/// (history file, transcript), a URL's credentials are never echoed, and no terminal control reaches the terminal
/// from a file's name, a tampered transcript or a flag's value.
@Suite(.serialized) struct SecretsAndEchoesEndToEndTests {
    let home: URL
    let database: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
    }

    /// No ESC, BEL, C1 control or bidirectional override in what was printed.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x9D, 0x202E, 0x2066, 0x200B].contains($0.value) }
    }

    func launch(_ extra: [String] = []) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", "en", "--seed", "11"] + extra,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"],
            columns: 80, rows: 24)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    /// At a terminal (80×24, xterm-256color): passwords typed where a command expected something else, and a URL
    /// with a password, are not written to the history file; the lines around them are.
    @Test func aLineThatMayHoldAPasswordIsNotKeptInHistory() throws {
        let shell = try launch()
        let secretLines = ["login hunter2secret", "login email hunter2secret", "register hunter2secret",
                           "login email mina@example.com hunter2secret", "settings server http://mina:hunter2secret@127.0.0.1:9"]
        shell.sendLine("login guest")
        _ = try shell.expect("Signed in as guest")
        for line in secretLines {
            shell.clearOutput()
            shell.sendLine(line)
            _ = try shell.expect("brainy")
            try shell.waitForRawMode()
        }
        shell.sendLine("state")
        _ = try shell.expect("State:")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        #expect(shell.output.contains("'http://***@127.0.0.1:9' is not a server address"), "the URL is echoed masked")
        let history = try String(contentsOf: home.appendingPathComponent("brainy/history"), encoding: .utf8)
        #expect(history.contains("login") && history.contains("state"), "\(history)")
        #expect(!history.contains("hunter2secret"), "\(history)")
    }

    /// `record` keeps a placeholder for what was typed at a password prompt and for a password on the command line;
    /// `brainy --check` replays the transcript with the placeholders as passwords and finds the same output.
    @Test func aRecordedTranscriptHoldsPlaceholdersAndReplays() throws {
        let transcript = home.appendingPathComponent("secret.transcript")
        let shell = try launch()
        shell.sendLine("record \(transcript.path)")
        _ = try shell.expect("Recording")
        shell.sendLine("register park@example.com")
        _ = try shell.expect("Password (at least")
        shell.sendLine("hunter2hunter2")
        _ = try shell.expect("Password again")
        shell.sendLine("hunter2hunter2")
        _ = try shell.expect("Stay signed in on this computer? [Y/n]")
        shell.sendLine("y")
        _ = try shell.expect("Signed in as park@example.com")
        shell.sendLine("logout")
        _ = try shell.expect("brainy")
        try shell.waitForRawMode()
        shell.sendLine("login hunter2hunter2")
        _ = try shell.expect("hunter2")
        try shell.waitForRawMode()
        shell.sendLine("login email park@example.com")
        _ = try shell.expect("Password")
        shell.sendLine("hunter2hunter2")
        _ = try shell.expect("Stay signed in on this computer? [Y/n]")
        shell.sendLine("y")
        _ = try shell.expect("Signed in as park@example.com")
        shell.sendLine("record stop")
        _ = try shell.expect("brainy")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
        let text = try String(contentsOf: transcript, encoding: .utf8)
        #expect(!text.contains("hunter2"), "\(text)")
        #expect(text.contains("<! transcript-secret-1"), "\(text)")
        #expect(text.contains("$ login transcript-secret-1"), "\(text)")
        let check = try BrainyProcess.run(["--check", transcript.path], environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
        #expect(check.status == 0, "\(check.out)\(check.err)\n\(text)")
    }

    @Test func aTamperedTranscriptsDiffReachesTheTerminalClean() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Transcripts")
        let original = try String(contentsOf: folder.appendingPathComponent("refusals.transcript"), encoding: .utf8)
        let tampered = original
            .replacingOccurrences(of: "Did you mean 'history'?", with: "Did you mean '\u{1B}]52;c;cm0gLXJm\u{07}\u{1B}[2J\u{202E}'?")
            .replacingOccurrences(of: "$ hsitory", with: "$ hsitory\u{1B}]0;owned\u{07}")
        let file = home.appendingPathComponent("tampered\u{1B}]0;name\u{07}.transcript")
        try tampered.write(to: file, atomically: true, encoding: .utf8)
        let result = try BrainyProcess.run(["--lang", "en", "--check", file.path])
        #expect(result.status == 1)
        #expect(result.err.contains("differs"), "\(result.err)")
        #expect(Self.isClean(result.err + result.out), "\(result.err.debugDescription)")
    }

    @Test(arguments: ["--ai-url", "--asr-url", "--server"])
    func aFlagsBadValueIsEchoedCleanAndWithoutCredentials(_ flag: String) throws {
        for value in ["http://h\u{1B}]52;c;eA==\u{07}\u{1B}[2J\u{202E}x/", "http://mina:hunter2secret@127.0.0.1:99999"] {
            let result = try BrainyProcess.run([flag, value, "-c", "state"], environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
            #expect(result.status != 0)
            #expect(Self.isClean(result.err + result.out), "\(result.err.debugDescription)")
            #expect(!(result.err + result.out).contains("hunter2secret"), "\(result.err)")
        }
    }
}
