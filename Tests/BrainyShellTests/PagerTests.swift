import Foundation
import Glibc
import Testing
@testable import BrainyShell

/// The pager: which one runs, that it runs in the shell's session and process group (where it can read the terminal),
/// and that a listing it did not show is printed instead. (Paging on a real terminal with `less`: PagerEndToEndTests.)
@Suite struct PagerTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    private static let listing = (1...100).map { "line \($0) 한국어" }.joined(separator: "\n") + "\n"

    /// What `show(_:otherwise:)` printed itself.
    private func printed(by command: String?) -> String {
        var printed = ""
        Pager(command: command, environment: environment).show(Self.listing) { printed += $0 }
        return printed
    }

    @Test func aPagerThatFailsLeavesTheTextToBePrinted() {
        #expect(printed(by: "cat >/dev/null; exit 1") == Self.listing)
    }

    @Test func aPagerThatCannotStartLeavesTheTextToBePrinted() {
        #expect(printed(by: "no-such-pager-anywhere 2>/dev/null") == Self.listing)
    }

    @Test func aPagerEndedByASignalLeavesTheTextToBePrinted() {
        #expect(printed(by: "kill -TERM $$") == Self.listing)
    }

    @Test func noPagerLeavesTheTextToBePrinted() {
        #expect(printed(by: nil) == Self.listing)
    }

    @Test func aPagerThatReadsTheTextShowsIt() throws {
        let file = folder.appendingPathComponent("shown")
        #expect(printed(by: "cat > '\(file.path)'") == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.listing)
    }

    @Test func aPagerQuitEarlyIsNoFailureAndTheShellGoesOn() throws {
        // `q` in less after the first screen: the rest of a long text meets a closed pipe (SIGPIPE is ignored).
        let long = String(repeating: Self.listing, count: 200)
        let file = folder.appendingPathComponent("first")
        var printed = ""
        Pager(command: "head -n 1 > '\(file.path)'", environment: environment).show(long) { printed += $0 }
        #expect(printed == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == "line 1 한국어\n")
    }

    @Test func thePagerLeavesTheProcesssHandlingOfAClosedPipeAsAnotherThreadSetIt() throws {
        // CI's test process died of SIGPIPE: a pager run put back the SIGPIPE handling it found when it began, undoing
        // NIO's SIG_IGN set meanwhile by a server's thread; that server's next write to a client gone ended the run.
        // Here the pager waits on a FIFO while this thread sets SIGPIPE ignored (as NIO does), then goes; the text it
        // never read (more than a pipe holds) meets the closed pipe. (Run alone, the old code fails here: the
        // process begins with SIGPIPE at its default, and the pager put that back.)
        let fifo = folder.appendingPathComponent("go")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let long = String(repeating: Self.listing, count: 200)
        let ran = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Pager(command: "cat '\(fifo.path)' > /dev/null", environment: environment).show(long) { _ in }
            ran.signal()
        }
        // Opening the FIFO for writing waits for the pager's `cat` to open it: the pager has begun.
        let go = open(fifo.path, O_WRONLY)
        #expect(go >= 0)
        signal(SIGPIPE, SIG_IGN)
        close(go)
        ran.wait()
        #expect(Self.closedPipeHandling() == Self.ignored, "what another thread set while the pager ran stays")
    }

    private static let ignored = unsafeBitCast(SIG_IGN, to: Int.self)

    /// The process's handler of SIGPIPE, as a number (SIG_DFL 0, SIG_IGN 1, or a handler's address).
    private static func closedPipeHandling() -> Int {
        var current = sigaction()
        sigaction(SIGPIPE, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test func thePagerRunsInTheShellsSessionAndProcessGroup() throws {
        // Foundation's Process gave it a session of its own, without the terminal: less failed with EIO.
        let file = folder.appendingPathComponent("ids")
        #expect(printed(by: "cat >/dev/null; ps -o sid= -o pgid= -p $$ > '\(file.path)'") == "")
        let ids = try String(contentsOf: file, encoding: .utf8).split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(ids == [getsid(0), getpgrp()])
    }

    @Test func pagerChoiceFollowsPsqlAndGit() {
        #expect(Pager(environment: ["PAGER": "more"], lessInstalled: true).command == "more")
        #expect(Pager(environment: [:], lessInstalled: true).command == "less -FRX")
        #expect(Pager(environment: [:], lessInstalled: false).command == nil)
        #expect(Pager(environment: ["PAGER": " "], lessInstalled: true).command == nil, "a blank PAGER turns paging off")
        #expect(Pager(environment: [:], lessInstalled: true).environment["LESSCHARSET"] == "utf-8")
        #expect(Pager(environment: ["LESSCHARSET": "latin1"], lessInstalled: true).environment["LESSCHARSET"] == "latin1")
        #expect(Pager(environment: ["PAGER": "less"], lessInstalled: true).environment["LESS"] == "FRX")
        #expect(Pager(environment: ["LESS": "-S"], lessInstalled: true).environment["LESS"] == "-S")
    }
}
