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
