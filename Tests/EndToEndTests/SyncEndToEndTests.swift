import Foundation
import Glibc
import Testing

/// The built `brainy` against the built `brainy-server`, each its own process: a server that hangs or dies in the
/// middle of a sync, Ctrl-C during a sync, and Google sign-in through the development identity provider.
@Suite(.serialized) struct SyncEndToEndTests: ServerHomeSuite {
    let serverHome: ServerHome

    init() throws {
        serverHome = try ServerHome(prefix: "brainy-sync-e2e")
    }

    static let password = "correct horse"

    /// Runs `brainy` with the lines on standard input (not a terminal).
    func run(_ lines: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(["--db", database.path, "--lang", "en", "--server", server.url],
                              stdin: lines.joined(separator: "\n") + "\n", environment: environment)
    }

    /// The shell on a pseudo-terminal, ready for keys.
    func launch() throws -> PseudoTerminal {
        let shell = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", "en", "--server", server.url],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        return shell
    }

    /// Registers (accepting the terms and privacy policy: "y") and plays `quizzes` quizzes of five (answering option
    /// 1), leaving their results pending.
    func registerAndPlay(quizzes: Int) throws {
        var lines = ["register mina@example.com", Self.password, Self.password, "y"]
        for _ in 0..<quizzes {
            lines += ["mode mc", "category person", "start 5"] + Array(repeating: ["1", "next"], count: 5).flatMap { $0 }
        }
        let played = try run(lines)
        #expect(played.status == 0, "\(played.err)")
    }

    @Test func aServerKilledMidSyncLosesNothingAndTheNextSyncCompletes() throws {
        try registerAndPlay(quizzes: 2)
        // The server hangs while the shell sends the first of ten one-result batches, then dies.
        server.freeze()
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
        process.arguments = ["--db", database.path, "--lang", "en", "--server", server.url, "-c", "sync"]
        process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "LANG": "C.UTF-8", "BRAINY_SYNC_BATCH": "1"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        server.kill()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("Cannot reach the server") || message.contains("did not answer"), "\(message)")

        try server.start()
        let resumed = try run(["sync", "sync", "profile"])
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(resumed.out.contains("10 results uploaded"), "\(resumed.out)")
        #expect(resumed.out.contains("nothing to upload"))
        #expect(resumed.out.contains("0 answers"))
        // Both sides hold the same: ten answers of two quizzes, none counted twice.
        #expect(resumed.out.contains("on this device   10 answers · 2 quizzes"), "\(resumed.out)")
        #expect(resumed.out.contains("on the server    10 answers · 2 quizzes (at the last sync)"))
    }

    @Test func aServerThatDoesNotAnswerTimesOutAndTheResultsStayPending() throws {
        try registerAndPlay(quizzes: 1)
        server.freeze()
        defer { server.thaw() }
        let slow = try run(["sync"], environment: ["BRAINY_SERVER_TIMEOUT": "1"])
        #expect(slow.status == 1)
        #expect(slow.err.contains("did not answer within 1 s"), "\(slow.err)")
        #expect(slow.out.contains("Sync stopped: 0 of 5 results sent"), "\(slow.out)")
        server.thaw()
        let later = try run(["sync"])
        #expect(later.out.contains("5 results uploaded"), "\(later.out) \(later.err)")
    }

    /// A timeout that is not a number of seconds from 0.1 to an hour is refused aloud and the default used: "inf" and
    /// "1e300" used to end the process when they became a request's deadline.
    @Test(arguments: ["inf", "1e300", "-5", "nan", "soon\u{1B}]0;owned\u{07}"])
    func aTimeoutOutOfRangeIsRefusedAndTheDefaultUsed(_ value: String) throws {
        try registerAndPlay(quizzes: 1)
        let synced = try run(["sync"], environment: ["BRAINY_SERVER_TIMEOUT": value, "BRAINY_AI_TIMEOUT": value])
        #expect(synced.status == 0, "\(synced.err)")
        #expect(synced.out.contains("5 results uploaded"), "\(synced.out)")
        // A control sequence in the value is not echoed: it goes, payload and all.
        let shown = value.replacingOccurrences(of: "\u{1B}]0;owned\u{07}", with: "")
        #expect(synced.err.contains("BRAINY_SERVER_TIMEOUT='\(shown)' is not a number of seconds from 0.1 to 3600; using 15."),
                "\(synced.err)")
        #expect(synced.err.contains("BRAINY_AI_TIMEOUT='\(shown)' is not a number of seconds from 0.1 to 3600; using 30."))
        #expect(!synced.err.contains("\u{1B}"))
    }

    @Test func ctrlCDuringSyncStopsTheSyncAndKeepsTheShell() throws {
        try registerAndPlay(quizzes: 1)
        let shell = try launch()
        server.freeze()
        shell.sendLine("sync")
        _ = try shell.expect("Uploading")
        shell.send("\u{03}")
        _ = try shell.expect("Sync stopped: 0 of 5 results sent")
        _ = try shell.expect("Cancelled.")
        server.thaw()
        try shell.waitForRawMode()
        shell.sendLine("sync")
        _ = try shell.expect("5 results uploaded")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func signsInWithGoogleThroughTheDevelopmentIdentityProvider() throws {
        let shell = try launch()
        shell.sendLine("login google")
        let shown = try shell.expect("Waiting for approval")
        let code = try #require(shown.firstMatch(of: /enter the code ([A-Z0-9-]+)/)?.1)
        try DevIdP.approve(userCode: String(code), email: "sora@example.com", server: server)
        // The sign-in made the account: its terms and privacy policy are shown and accepted first.
        _ = try shell.expect("To use this account, accept the terms of use and privacy policy.")
        _ = try shell.expect("Do you accept the terms of use and privacy policy? [y/N]")
        shell.sendLine("y")
        _ = try shell.expect("Stay signed in on this computer? [Y/n]")
        shell.sendLine("y")
        _ = try shell.expect("Signed in as sora@example.com (Google)")
        shell.sendLine("profile")
        _ = try shell.expect("Google")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}

/// Approves a device code on the development identity provider, as a person would on its page: one HTTP/1.1 POST
/// over a plain socket.
enum DevIdP {
    static func approve(userCode: String, email: String, server: ServerProcess) throws {
        let body = "{\"userCode\": \"\(userCode)\", \"email\": \"\(email)\", \"approve\": true}"
        let request = "POST /dev-idp/device HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(server.port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw ApprovalFailed(answer: "no connection") }
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 200") else { throw ApprovalFailed(answer: text) }
    }

    struct ApprovalFailed: Error { var answer: String }
}
