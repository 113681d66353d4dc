import Foundation
import Glibc
import Testing

/// Ctrl-C during a wait brings the prompt back, long before the wait's own deadline: a language model and a sync
/// server that accept the connection and never answer (BRAINY_AI_TIMEOUT is 30 s, BRAINY_SERVER_TIMEOUT 15 s).
@Suite struct InterruptedWaitEndToEndTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-wait-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func launch(_ arguments: [String], rows: Int = 24) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en"] + arguments,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "PATH": "/usr/bin:/bin"],
            rows: rows)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    /// Less than either wait's own deadline (a wait that ran to its end is not taken for a cancel), with room for a
    /// machine running the whole suite.
    static let promptly: Duration = .seconds(10)

    @Test func ctrlCStopsWaitingForALanguageModel() throws {
        let server = try SilentServer()
        let terminal = try launch(["--ai-url", "http://127.0.0.1:\(server.port)"])
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        terminal.sendLine("mode ai")
        _ = try terminal.expect("Choose a category")
        terminal.sendLine("category music")
        _ = try terminal.expect("brainy guest AI·music>")
        terminal.sendLine("start")
        _ = try terminal.expect("Asking the language model")
        try terminal.waitUntilCatchingInterrupts()
        terminal.send("\u{3}")
        _ = try terminal.expect("Cancelled.", timeout: Self.promptly)
        terminal.sendLine("state")
        _ = try terminal.expect("State: ", timeout: Self.promptly)
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Ctrl-C pressed the moment Enter was read, before the wait has begun (the shell is stopped while the key is
    /// pressed, wherever it is between Enter and the wait, and continued after): the wait is cancelled all the same.
    /// When the flag was forgotten at the start of each wait and SIGINT ignored until then, this Ctrl-C was lost and
    /// the shell waited for the server's whole deadline.
    @Test(arguments: [24, 40])
    func ctrlCPressedBeforeTheWaitBeginsStillCancelsIt(rows: Int) throws {
        let server = try SilentServer()
        let terminal = try launch(["--server", "http://127.0.0.1:\(server.port)"], rows: rows)
        terminal.sendLine("login email park@example.com")
        // The earliest moment a Ctrl-C is a signal: libedit has given the terminal back.
        try terminal.waitForCanonicalMode()
        terminal.kill(signal: SIGSTOP)
        try terminal.waitUntilStopped()
        terminal.send("\u{3}")
        terminal.kill(signal: SIGCONT)
        let shown = try terminal.expect("Cancelled.", timeout: Self.promptly)
        #expect(!shown.contains("Password"))
        terminal.sendLine("state")
        _ = try terminal.expect("State: signed_out", timeout: Self.promptly)
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCStopsASignInWaitingForTheServer() throws {
        let server = try SilentServer()
        let terminal = try launch(["--server", "http://127.0.0.1:\(server.port)"])
        terminal.sendLine("login email park@example.com")
        _ = try terminal.expect("login email park@example.com")
        // Before the password is asked, the server's config is fetched: the server never answers.
        try terminal.waitUntilCatchingInterrupts()
        terminal.send("\u{3}")
        let shown = try terminal.expect("Cancelled.", timeout: Self.promptly)
        #expect(!shown.contains("Password"), "Ctrl-C stops the sign-in, not only the config's fetch")
        terminal.sendLine("state")
        _ = try terminal.expect("State: signed_out", timeout: Self.promptly)
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }
}

extension PseudoTerminal {
    /// Waits until the program is in a command with the terminal's own keys (canonical mode, given back by libedit)
    /// and catches SIGINT (`SigCgt` in /proc). (The interactive shell catches it all through a command; a script
    /// only while it waits.)
    func waitUntilCatchingInterrupts(timeout: Duration = .seconds(10)) throws {
        try waitForCanonicalMode(timeout: timeout)
        let deadline = ContinuousClock.now + timeout
        while true {
            let status = (try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8)) ?? ""
            let caught = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
                .flatMap { UInt64($0.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
            if let caught, caught & (1 << (UInt64(SIGINT) - 1)) != 0 { return }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError.timedOut(waitingFor: "a SIGINT handler", output: output)
            }
            _ = rawOutput
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
    }
}

extension PseudoTerminal {
    /// Waits until the program is stopped (state `T` in /proc), as after SIGSTOP.
    func waitUntilStopped(timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let status = (try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8)) ?? ""
            let state = status.split(separator: "\n").first { $0.hasPrefix("State:") }?.dropFirst("State:".count)
            if state?.trimmingCharacters(in: .whitespaces).hasPrefix("T") == true { return }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError.timedOut(waitingFor: "the program to stop", output: output)
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
    }
}

/// A server on 127.0.0.1 that takes connections (the kernel's backlog does) and never answers.
final class SilentServer {
    let port: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw PseudoTerminalError.startFailed(executable: "a silent server", errno: errno)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
