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

    /// What waiting for a key on standard input gave.
    enum KeyWait: Equatable {
        case byte(UInt8)
        /// Nothing came in time.
        case none
        /// Standard input is at its end (or failed).
        case closed
    }

    /// Waits at most `milliseconds` for one byte on standard input (`poll`), so that a loop can redraw meanwhile.
    static func readByte(waitingAtMost milliseconds: Int32) -> KeyWait {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let count = poll(&ready, 1, max(0, milliseconds))
        if count < 0 { return errno == EINTR ? .none : .closed }
        if count == 0 { return .none }
        return readByte().map(KeyWait.byte) ?? .closed
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
    /// Ctrl-C is noted all through a command, not only once a wait has begun: one typed in the moment between Enter
    /// and the start of a wait (a server's call, a language model) still cancels that wait.
    static func keepRunningOnInterruptAndClosedPipe() {
        signal(SIGINT) { _ in interruptRequested = 1 }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Forgets any Ctrl-C noted so far: called before each command (by the line loop), so that a Ctrl-C pressed
    /// during one command cancels that command's waits and never the next command's.
    static func forgetInterrupts() { interruptRequested = 0 }

    /// While a wait is under way: Ctrl-C sets a flag the waiting loop reads instead of doing what it did before. A
    /// Ctrl-C noted earlier in the same command counts (the flag is forgotten per command, not per wait). Returns
    /// what to hand to `stopWatchingInterrupts`.
    static func watchInterrupts() -> InterruptWatch {
        InterruptWatch(previous: signal(SIGINT) { _ in interruptRequested = 1 })
    }

    static func stopWatchingInterrupts(_ watch: InterruptWatch) {
        // nil is SIG_DFL: a script's Ctrl-C ends it again, as before the call.
        signal(SIGINT, watch.previous)
    }

    /// Whether Ctrl-C was pressed since the command began (or, in a script, since the wait began).
    static var interruptWasRequested: Bool { interruptRequested != 0 }

    /// An interactive shell: SIGHUP (its window closed) and SIGTERM (asked to stop) are noted instead of ending the
    /// process at once, so that the line reader ends as at Ctrl-D, waits stop, and the run's end does what `exit`
    /// does (a sign-in this computer was not to keep is ended, the server told). Installed before libedit's
    /// EL_SIGNAL, which then restores the terminal first and hands the signal on here.
    static func noteTerminationSignals() {
        signal(SIGHUP) { signal in terminationRequested = signal }
        signal(SIGTERM) { signal in terminationRequested = signal }
    }

    /// The SIGHUP or SIGTERM received, if any: the run is to end (its exit status 128 + the signal).
    static var terminationSignal: Int32? { terminationRequested == 0 ? nil : terminationRequested }

    struct InterruptWatch {
        fileprivate var previous: sig_t?
    }

    // MARK: Processes and time

    public static var processID: Int32 { getpid() }

    /// How a child run with `runOnTerminal` ended.
    enum ChildEnd: Equatable {
        /// It could not be started (the `errno` of `posix_spawn` or `pipe`).
        case notStarted(Int32)
        case exited(Int32)
        case killed(signal: Int32)
    }

    /// Runs `/bin/sh -c command` on the shell's own terminal, `input` on its standard input, and waits for it: the
    /// way psql and git start a pager. The child stays in the shell's session and process group (Foundation's
    /// `Process` puts it in a new session, without the terminal, where `less` reads its keys and gets EIO), with
    /// every signal at its default and none blocked; the shell ignores Ctrl-C and a closed pipe while it waits.
    /// `environment` is the child's whole environment.
    static func runOnTerminal(_ command: String, input: String, environment: [String: String]) -> ChildEnd {
        flushStandardIO()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .notStarted(errno) }
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writing, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy; the pipe's own ends close at exec.
        posix_spawn_file_actions_adddup2(&actions, reading, STDIN_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGHUP, SIGTERM] {
            sigaddset(&defaults, signal)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        // No POSIX_SPAWN_SETSID, no POSIX_SPAWN_SETPGROUP: the terminal's session and foreground group.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments: [UnsafeMutablePointer<CChar>?] = [String](["/bin/sh", "-c", command]).map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        // The shell waits with Ctrl-C ignored, whatever it did with it before. SIGPIPE's handling is left alone (the
        // write below blocks it for its own thread): setting it for the process and putting it back would undo what
        // another thread set meanwhile (NIO ignores it on its sockets), and a server's write to a client gone would
        // then end the process.
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previousInterrupt) }
        var child: pid_t = 0
        let started = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
        close(reading)
        guard started == 0 else {
            close(writing)
            return .notStarted(started)
        }
        // A pager that quits before the end closes the pipe: the write stops there (EPIPE), without a signal.
        writeStoppingWhereTheReaderLeft(writing, input)
        close(writing)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signalNumber)
    }

    /// Writes `text` to `descriptor` until its end or until its reader has gone (EPIPE). SIGPIPE is blocked for the
    /// calling thread alone while it writes, and one the write raised is taken off before the thread's mask is put
    /// back, so that neither this process's handling of SIGPIPE nor any other thread's is touched.
    private static func writeStoppingWhereTheReaderLeft(_ descriptor: Int32, _ text: String) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1, sigismember(&previousMask, SIGPIPE) == 0 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &now) < 0, errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, base, left)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                base += written
                left -= written
            }
        }
    }

    /// Whether `name` is an executable file in one of `PATH`'s folders.
    static func isOnPath(_ name: String) -> Bool {
        let path = environmentValue("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access(String($0) + "/" + name, X_OK) == 0 }
    }

    /// Makes the file at `path` (and its folder) readable and writable by its owner only before something writes
    /// it: created empty when missing, an existing one tightened. Quietly does nothing it cannot do.
    static func prepareOwnerOnlyFile(_ path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            makeFolders(folder)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        chmod(path, 0o600)
    }

    /// The largest file this process may write, in bytes (`ulimit -f`), or nil when there is no limit.
    static func fileSizeLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        return UInt64(limit.rlim_cur)
    }

    /// Files the shell creates are its owner's alone.
    public static func restrictNewFilesToOwner() { umask(0o077) }

    /// A write past the file-size limit (`ulimit -f`) fails with EFBIG, which the shell reports like a full disk,
    /// instead of raising SIGXFSZ, whose default action ends the process in the middle of a write.
    public static func failWritesPastTheFileSizeLimit() { signal(SIGXFSZ, SIG_IGN) }

    static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        nanosleep(&time, nil)
    }
}

/// Set by the SIGINT handler (all through an interactive shell's commands, and while `Platform.watchInterrupts` is in
/// force); the waiting loop reads it.
// nonisolated(unsafe) is sound: the only writers are the signal handler (storing 1) and `forgetInterrupts` (storing 0
// on the loop's thread between commands), the only reader is the shell's one loop; a `sig_atomic_t` store and load are
// atomic, and a flag seen one poll (50 ms) late only delays the cancel. (`Atomic` would need macOS 15.)
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0

/// Set by the SIGHUP and SIGTERM handlers of an interactive shell (the signal's number); never cleared. Sound for the
/// same reasons as `interruptRequested`: one writer, the handler, and `sig_atomic_t` stores and loads.
nonisolated(unsafe) private var terminationRequested: sig_atomic_t = 0
