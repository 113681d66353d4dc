import Foundation
import Testing

/// A run of the shell writes only where it is told (its database, its history, a transcript named to `record`):
/// in an empty working folder, a whole session, with the help's placeholders typed as they read, leaves it empty.
@Suite struct WorkingFolderEndToEndTests {
    @Test func aSessionLeavesTheWorkingFolderEmpty() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-cwd-\(UUID().uuidString)")
        let work = root.appendingPathComponent("work"), home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let lines = ["login guest", "help record", "mode mc", "category music", "start 2", "1", "next", "2", "next",
                     "history", "history all", "stats", "diagram", "diagram dot", "state", "settings", "timing on",
                     "record stop", "clear", "exit"]
        for script in [lines, ["login guest", "record <file>"], ["source <file>"]] {
            let process = Process()
            process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
            process.arguments = ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en", "--seed", "3",
                                 "-f", "-"]
            process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path,
                                   "LANG": "C.UTF-8"]
            process.currentDirectoryURL = work
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data((script.joined(separator: "\n") + "\n").utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }
}
