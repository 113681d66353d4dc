import Foundation
import Glibc
import Testing

/// Runs a program on a pseudo-terminal so a test can type at it as a person would and read what it shows.
///
/// What to know when driving a libedit program:
/// - Control keys sent while the terminal is still in cooked mode are eaten: call `waitForRawMode` (and `expect`
///   the echo of what was typed) before sending them.
/// - libedit redraws only what changed, so a completed word may never appear whole in the output: assert on what
///   the command itself prints.
/// - The output seen by `expect` and `output` has escape sequences removed and "\r\n" turned into "\n".
///
/// Not `Sendable`: one test owns it and drives it from one task.
final class PseudoTerminal {
    let processID: pid_t
    private var master: Int32
    private var bytes: [UInt8] = []
    /// Where in `output` (UTF-8 offset) the next `expect` starts looking.
    private var searchStart = 0
    private var masterClosedByChild = false
    private var exitStatus: Int32?

    /// Starts `executable` on a new terminal of `columns` × `rows`.
    ///
    /// `environment` is passed as it is: give `TERM` (e.g. "xterm-256color") and `LANG` (e.g. "C.UTF-8") yourself.
    init(
        executable: URL, arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30
    ) throws {
        // Everything the child needs is built before fork: after it, the child may only call async-signal-safe
        // functions (no allocation) until execve.
        let argv = CStringArray([executable.path] + arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" }.sorted())
        let descriptorLimit = Int32(clamping: min(max(sysconf(Int32(_SC_OPEN_MAX)), 256), 4096))

        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let pid = forkpty(&master, nil, nil, &size)
        if pid < 0 {
            throw PseudoTerminalError.startFailed(executable: executable.path, errno: errno)
        }
        if pid == 0 {
            // The test runner's threads block SIGINT/SIGHUP/SIGQUIT; the mask and ignored signals survive execve.
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            // No loop over an array here: creating one allocates, which is not safe between fork and execve.
            Glibc.signal(SIGINT, SIG_DFL)
            Glibc.signal(SIGHUP, SIG_DFL)
            Glibc.signal(SIGQUIT, SIG_DFL)
            Glibc.signal(SIGTERM, SIG_DFL)
            Glibc.signal(SIGPIPE, SIG_DFL)
            Glibc.signal(SIGTSTP, SIG_DFL)
            Glibc.signal(SIGCHLD, SIG_DFL)
            // Tests run in parallel: descriptors another thread opened without close-on-exec (forkpty's own terminal
            // ends among them) must not live on in this program, or that other terminal never sees its end.
            var descriptor: Int32 = 3
            while descriptor < descriptorLimit {
                close(descriptor)
                descriptor += 1
            }
            execve(argv.pointers[0]!, argv.pointers, envp.pointers)
            _exit(127)
        }
        processID = pid
        self.master = master
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        withExtendedLifetime((argv, envp)) {}
    }

    deinit {
        if exitStatus == nil {
            Glibc.kill(processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) < 0, errno == EINTR {}
        }
        if master >= 0 { close(master) }
    }

    // MARK: Typing

    /// Types `text` (UTF-8) at the terminal. Control keys are characters too: "\u{03}" is Ctrl-C, "\t" is Tab.
    func send(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                remaining = remaining.dropFirst(written)
            } else if written < 0, errno == EAGAIN {
                // The program may be waiting for its echo to be read before it reads more.
                readAvailable()
                var ready = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 100)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return  // the child is gone
            }
        }
    }

    /// Types `text` and Enter.
    func sendLine(_ text: String) {
        send(text + "\r")
    }

    /// How long a wait for the program gives it by default: a deadline, not a pause (a passing test waits no longer
    /// than the program takes). Long, since CI runs the whole suite at once on two cores, where a debug build's start
    /// or a first database connection has taken seconds; a test of how soon something happens says so itself.
    static let patience: Duration = .seconds(30)

    // MARK: Reading

    /// Everything shown so far, escape sequences removed and "\r\n" as "\n".
    var output: String {
        Self.visibleText(of: bytes)
    }

    /// Everything the program wrote so far, escape sequences and all (a screen clear is only an escape sequence).
    var rawOutput: [UInt8] {
        readAvailable()
        return bytes
    }

    /// Forgets what was shown so far; `output` and the next `expect` start from here.
    func clearOutput() {
        readAvailable()
        bytes.removeAll()
        searchStart = 0
    }

    /// Waits until `text` appears in the output after the previous match, and returns the output from the end of
    /// the previous match to the end of this one.
    @discardableResult
    func expect(_ text: String, timeout: Duration = PseudoTerminal.patience) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let visible = output
            let unseen = Substring(visible.utf8.dropFirst(searchStart))
            if let range = unseen.range(of: text) {
                searchStart += unseen.utf8.distance(from: unseen.startIndex, to: range.upperBound)
                return String(unseen[..<range.upperBound])
            }
            try checkStillWaiting(for: "\"\(text)\"", until: deadline)
            waitForOutput(until: deadline)
        }
    }

    /// Waits until the program has put the terminal in raw mode (ICANON off), as libedit does when it is ready for
    /// keys. On Linux `tcgetattr` on the master shows the slave's settings.
    func waitForRawMode(timeout: Duration = PseudoTerminal.patience) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            var settings = termios()
            if tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 {
                return
            }
            try checkStillWaiting(for: "raw mode", until: deadline)
            // There is no event for a settings change; watch the output (the prompt follows raw mode) in short steps.
            waitForOutput(until: min(deadline, ContinuousClock.now + .milliseconds(20)))
        }
    }

    /// Changes the terminal's size as a window resize does: the kernel tells the program with SIGWINCH.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Waits until the terminal is back in canonical mode (ICANON on): libedit gave it back after reading a line, and
    /// the command runs with the terminal's own keys (Ctrl-C sends SIGINT).
    func waitForCanonicalMode(timeout: Duration = PseudoTerminal.patience) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            var settings = termios()
            if tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 {
                return
            }
            try checkStillWaiting(for: "canonical mode", until: deadline)
            waitForOutput(until: min(deadline, ContinuousClock.now + .milliseconds(20)))
        }
    }

    // MARK: Process

    /// Sends `signal` to the program.
    func kill(signal: Int32) {
        Glibc.kill(processID, signal)
    }

    /// Waits for the program to end and returns its exit code, or 128 + the signal number when a signal ended it.
    @discardableResult
    func waitForExit(timeout: Duration = PseudoTerminal.patience) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = ContinuousClock.now + timeout
        while true {
            var status: Int32 = 0
            let result = waitpid(processID, &status, WNOHANG)
            if result == processID {
                let code = Self.exitCode(fromWaitStatus: status)
                exitStatus = code
                readAvailable()
                return code
            }
            if result < 0, errno != EINTR {
                throw PseudoTerminalError.waitFailed(errno: errno)
            }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError.timedOut(waitingFor: "the program to exit", output: output)
            }
            // Keep draining the terminal so the program never blocks on a full buffer. Once the child closed its
            // side, poll reports at once, so a short sleep bounds the loop instead.
            if masterClosedByChild {
                var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                nanosleep(&pause, nil)
            } else {
                waitForOutput(until: ContinuousClock.now + .milliseconds(20))
            }
        }
    }

    // MARK: Helpers

    /// Throws when waiting longer is pointless: the deadline passed or the program closed the terminal.
    private func checkStillWaiting(for what: String, until deadline: ContinuousClock.Instant) throws {
        if masterClosedByChild {
            throw PseudoTerminalError.closedWhileWaiting(for: what, output: output)
        }
        if ContinuousClock.now >= deadline {
            throw PseudoTerminalError.timedOut(waitingFor: what, output: output)
        }
    }

    /// Waits up to `deadline` for output and reads what came.
    private func waitForOutput(until deadline: ContinuousClock.Instant) {
        if masterClosedByChild { return }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, milliseconds) > 0 {
            readAvailable()
        }
    }

    /// Reads what is waiting on the master without blocking; returns the number of bytes read.
    @discardableResult
    private func readAvailable() -> Int {
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !masterClosedByChild {
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
                total += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                break
            } else {
                masterClosedByChild = true  // Linux reports EIO once every slave descriptor is closed
            }
        }
        return total
    }

    private static func exitCode(fromWaitStatus status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The text of `bytes` without escape sequences and bell characters, "\r\n" as "\n". Removing an unfinished
    /// sequence at the end keeps the result a stable prefix as more bytes arrive.
    static func visibleText(of bytes: [UInt8]) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                index = escapeEnd(in: bytes, from: index)
                continue
            case 0x07:
                break
            case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                break
            default:
                kept.append(byte)
            }
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }

    private static func escapeEnd(in bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        guard index < bytes.count else { return index }
        switch bytes[index] {
        case UInt8(ascii: "["):  // CSI: parameters, then a final byte
            index += 1
            while index < bytes.count {
                defer { index += 1 }
                if (0x40...0x7E).contains(bytes[index]) { return index + 1 }
            }
            return index
        case UInt8(ascii: "]"):  // OSC: up to BEL or ESC \
            while index < bytes.count {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                    return index + 2
                }
                index += 1
            }
            return index
        case UInt8(ascii: "("), UInt8(ascii: ")"):  // character set selection takes one more byte
            return min(index + 2, bytes.count)
        default:
            return index + 1
        }
    }

    /// Where the built products are: `BRAINY_BIN_DIR` if set, else the directory of the running test binary
    /// (`.build/<triple>/debug`, where SwiftPM also puts the package's executables).
    static func builtProduct(named name: String) -> URL {
        if let directory = ProcessInfo.processInfo.environment["BRAINY_BIN_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(name)
        }
        // On Linux the test binary is `<Package>PackageTests.xctest`, an executable file; /proc/self/exe names it
        // whatever the runner passed as argv[0].
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // On macOS the binary sits inside the bundle: <debug>/X.xctest/Contents/MacOS/X.
        while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}

/// What went wrong while driving a program on a pseudo-terminal.
enum PseudoTerminalError: Error, CustomStringConvertible {
    case startFailed(executable: String, errno: Int32)
    case timedOut(waitingFor: String, output: String)
    case closedWhileWaiting(for: String, output: String)
    case waitFailed(errno: Int32)

    var description: String {
        switch self {
        case .startFailed(let executable, let code):
            "Could not start \(executable) on a pseudo-terminal: \(String(cString: strerror(code)))."
        case .timedOut(let waitingFor, let output):
            "Timed out waiting for \(waitingFor). Output so far:\n---\n\(output)\n---"
        case .closedWhileWaiting(let what, let output):
            "The program closed the terminal while waiting for \(what). Output:\n---\n\(output)\n---"
        case .waitFailed(let code):
            "Could not wait for the program: \(String(cString: strerror(code)))."
        }
    }
}

/// A NULL-terminated array of C strings that lives as long as this object (for execve).
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() {
            pointers[index] = strdup(string)
        }
        pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}

@Suite struct PseudoTerminalTests {
    @Test func aProgramOnThePseudoTerminalReadsWhatIsTypedAndItsExitCodeIsReported() throws {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "printf hi; read x; echo got:$x"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        )
        try terminal.expect("hi")
        terminal.sendLine("나라 there")
        try terminal.expect("got:나라 there")
        #expect(try terminal.waitForExit() == 0)
    }
}
