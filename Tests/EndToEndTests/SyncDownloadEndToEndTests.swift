import Foundation
import Glibc
import Testing

/// The built `brainy` on two devices (two database files) against the built `brainy-server`, which is killed while
/// the second device downloads: the next sync goes on from the last page kept and each row ends up once.
@Suite(.serialized) struct SyncDownloadEndToEndTests {
    let home: URL
    let server: ServerProcess
    static let password = "correct horse"

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-download-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        server = try ServerProcess(folder: home)
    }

    func database(_ device: String) -> String { home.appendingPathComponent("\(device).sqlite").path }

    func run(_ device: String, _ lines: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(["--db", database(device), "--lang", "en", "--server", server.url],
                              stdin: lines.joined(separator: "\n") + "\n", environment: environment)
    }

    @Test func aServerKilledMidDownloadLosesNothingAndTheNextSyncKeepsEachRowOnce() throws {
        var lines = ["register mina@example.com", Self.password, Self.password, "y"]
        for _ in 0..<20 {
            lines += ["mode mc", "category person", "start 10"] + Array(repeating: ["1", "next"], count: 10).flatMap { $0 }
        }
        let played = try run("first", lines + ["sync"])
        #expect(played.status == 0, "\(played.err)")
        #expect(played.out.contains("↑ 200 results uploaded"), "\(played.out)")
        #expect(try run("second", ["login email mina@example.com", Self.password]).status == 0)

        // On a terminal, one result a page: the server is killed once the first page is kept.
        let shell = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database("second"), "--lang", "en", "--server", server.url],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "BRAINY_SYNC_BATCH": "1"])
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        shell.sendLine("sync")
        _ = try shell.expect("] 1/200")
        server.kill()
        let stopped = try shell.expect("the next 'sync' goes on from there.")
        let match = try #require(stopped.firstMatch(of: /Download stopped: (\d+) results?/))
        let kept = try #require(Int(match.1))
        #expect(kept >= 1 && kept < 200, "\(stopped)")
        shell.sendLine("exit")
        _ = try shell.waitForExit()

        try server.start()
        let rest = try run("second", ["sync", "sync", "profile"])
        #expect(rest.status == 0, "\(rest.err)")
        #expect(rest.out.contains("↓ \(200 - kept) results"), "\(rest.out)")
        #expect(rest.out.contains("↓ nothing new"), "\(rest.out)")
        #expect(rest.out.contains("on this device   200 answers · 20 quizzes"), "\(rest.out)")
        let first = try run("first", ["profile"])
        #expect(first.out.contains("on this device   200 answers · 20 quizzes"), "\(first.out)")
    }
}
