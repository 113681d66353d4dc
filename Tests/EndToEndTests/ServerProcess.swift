import Foundation
import Glibc

/// The built `brainy-server` as its own process on a free port of 127.0.0.1, with its own database file, so that a
/// test can stop it (SIGSTOP: a server that no longer answers), kill it mid-sync, and start it again.
final class ServerProcess {
    let port: Int
    let databasePath: String
    private(set) var process: Process?
    /// Flags given besides the port, the database and `--dev-idp`, from the next `start()` on.
    var extraArguments: [String] = []
    var url: String { "http://127.0.0.1:\(port)" }

    init(folder: URL) throws {
        port = try FreePort.pick()
        databasePath = folder.appendingPathComponent("server.sqlite").path
        try start()
    }

    deinit {
        if let process, process.isRunning {
            Glibc.kill(process.processIdentifier, SIGCONT)
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// What the server printed until it said it listens, the last time it started.
    private(set) var startOutput = ""

    /// Starts the server and waits until it says it is listening.
    func start() throws {
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy-server")
        process.arguments = ["--port", String(port), "--db", databasePath, "--dev-idp", "--log-level", "info"]
            + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        self.process = process
        // Read what it prints until the line that says it listens (or it ends, or ten seconds pass).
        let handle = output.fileHandleForReading
        var seen = ""
        let deadline = ContinuousClock.now + .seconds(20)
        while !seen.contains("listening") {
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = max(0, Int32((deadline - ContinuousClock.now) / .milliseconds(1)))
            guard left > 0, poll(&descriptor, 1, left) > 0 else { throw ServerDidNotStart(output: seen) }
            let chunk = handle.availableData
            guard !chunk.isEmpty else { throw ServerDidNotStart(output: seen) }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        startOutput = seen
        // Keep draining its output so that it never blocks on a full pipe.
        handle.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// SIGSTOP: the server keeps its port but answers nothing, like one that hangs.
    func freeze() { signal(SIGSTOP) }
    func thaw() { signal(SIGCONT) }

    /// SIGKILL, and waits for it to be gone.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    private func signal(_ signal: Int32) {
        if let process { Glibc.kill(process.processIdentifier, signal) }
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var output: String
        var description: String { "brainy-server did not start:\n\(output)" }
    }
}

/// A port of 127.0.0.1 that nothing listens on right now.
enum FreePort {
    static func pick() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw NoFreePort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct NoFreePort: Error {}
}
