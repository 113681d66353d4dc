import Foundation
import Glibc

/// Every libc and terminal call the shell makes, in one place (as swift-argument-parser's `Platform` does): standard
/// streams, terminal size and modes, signals, processes. The rest of the shell speaks in these terms.
public enum Platform {
    /// The standard streams.
    public enum Stream: Int32, Sendable {
        case input = 0, output = 1, error = 2
    }

    // MARK: Streams

    public static func isTerminal(_ stream: Stream) -> Bool { isatty(stream.rawValue) == 1 }

    /// Writes all of `bytes` (retrying on interrupted and partial writes); gives up when the stream is closed.
    static func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(stream.rawValue, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    static func write(_ text: String, to stream: Stream) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: stream) }
    }

    /// Reads what is there (up to `buffer.count` bytes), retrying when a signal interrupts; 0 at the end.
    static func read(_ stream: Stream, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(stream.rawValue, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return max(0, count)
        }
    }

    /// One byte from standard input, or nil at its end.
    static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { read(.input, into: $0) }
        return count == 1 ? byte : nil
    }

    /// Writes out what C's stdio still buffers (libedit writes through it).
    static func flushStandardIO() { fflush(nil) }

    // MARK: Terminal

    /// Columns of the terminal on standard output; when it is not one, `COLUMNS` if it holds a positive number,
    /// else 80.
    public static func terminalColumns() -> Int {
        if let size = windowSize(), size.ws_col > 0 { return Int(size.ws_col) }
        if let text = environmentValue("COLUMNS"), let columns = Int(text), columns > 0 { return columns }
        return 80
    }

    /// One environment variable. `ProcessInfo.processInfo.environment` builds the whole dictionary at every call
    /// (a quarter of `brainy -c help`'s instructions went there: COLUMNS was asked once per line of help).
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Makes the folder at `path` and the folders above it that are missing, as `mkdir -p` does (the umask applies:
    /// the shell sets it to the owner only). Quietly does nothing when the folder exists or cannot be made; the
    /// database's opening says what went wrong then. `FileManager`'s equivalent was a twentieth of a start-up.
    public static func makeFolders(_ path: String) {
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            // String(component), not the Substring: appending a Substring looked up its conformance at run time.
            made += "/" + String(component)
            if mkdir(made, 0o777) != 0, errno != EEXIST { return }
        }
    }

    /// Rows of the terminal on standard output, or nil when it is not a terminal.
    public static func terminalRows() -> Int? {
        guard let size = windowSize(), size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    private static func windowSize() -> winsize? {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
    }

    /// Runs `body` with the terminal on standard input quiet: no echo, no line editing by the terminal, no signal
    /// keys (Ctrl-C arrives as a byte). `body` gets the terminal's erase key. Switched before anything is shown, so
    /// nothing typed in answer can be flushed away; restored afterwards. Nil when standard input is no terminal.
    static func withQuietTerminal<T>(_ body: (_ erase: UInt8) -> T) -> T? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer { _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
        let erase = withUnsafeBytes(of: saved.c_cc) { $0[Int(VERASE)] }
        return body(erase)
    }

    // MARK: Signals

    /// An interactive shell: Ctrl-C outside line editing must not end it in the middle of a command (libedit turns
    /// the key into a line cancel while editing), and a pager quit early, closing its pipe, must not end it either.
    static func keepRunningOnInterruptAndClosedPipe() {
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    /// While a call to the server is under way: Ctrl-C sets a flag the waiting loop reads instead of doing what it
    /// did before. Returns what to hand to `stopWatchingInterrupts`.
    static func watchInterrupts() -> InterruptWatch {
        interruptRequested = 0
        return InterruptWatch(previous: signal(SIGINT) { _ in interruptRequested = 1 })
    }

    static func stopWatchingInterrupts(_ watch: InterruptWatch) {
        // nil is SIG_DFL: a script's Ctrl-C ends it again, as before the call.
        signal(SIGINT, watch.previous)
    }

    /// Whether Ctrl-C was pressed since the watch began.
    static var interruptWasRequested: Bool { interruptRequested != 0 }

    struct InterruptWatch {
        fileprivate var previous: sig_t?
    }

    // MARK: Processes and time

    public static var processID: Int32 { getpid() }

    /// Files the shell creates are its owner's alone.
    public static func restrictNewFilesToOwner() { umask(0o077) }

    static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        nanosleep(&time, nil)
    }
}

/// Set by the SIGINT handler while `Platform.watchInterrupts` is in force; the waiting loop reads it.
// nonisolated(unsafe) is sound: the only writers are the signal handler (storing 1) and `watchInterrupts` (storing 0
// before the handler is installed), the only reader is the shell's one loop; a `sig_atomic_t` store and load are
// atomic, and a flag seen one poll (50 ms) late only delays the cancel. (`Atomic` would need macOS 15.)
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0
